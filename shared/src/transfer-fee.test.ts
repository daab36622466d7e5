import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { grossUp, transferFeeOn, type TransferFee } from './transfer-fee.js';

const U64_MAX = 2n ** 64n - 1n;
const fees: fc.Arbitrary<TransferFee> = fc.record({
  basisPoints: fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.constantFrom(0, 1, 100, 9_999, 10_000)),
  maximumFee: fc.oneof(fc.bigInt({ min: 0n, max: 2n ** 40n }), fc.constantFrom(0n, 1n, U64_MAX)),
});
const amounts = fc.oneof(fc.bigInt({ min: 0n, max: 2n ** 50n }), fc.bigInt({ min: 0n, max: 1000n }));
const received = (sent: bigint, fee: TransferFee) => sent - transferFeeOn(sent, fee);

describe('transferFeeOn', () => {
  it('rounds up and caps, as the token program does', () => {
    const onePercent = { basisPoints: 100, maximumFee: 5_000_000n };
    expect(transferFeeOn(1_000n, onePercent)).toBe(10n);
    expect(transferFeeOn(1_001n, onePercent)).toBe(11n);
    expect(transferFeeOn(1n, onePercent)).toBe(1n);
    expect(transferFeeOn(0n, onePercent)).toBe(0n);
    expect(transferFeeOn(10_000_000_000n, onePercent)).toBe(5_000_000n);
    expect(transferFeeOn(1_000n, null)).toBe(0n);
  });
});

describe('grossUp', () => {
  it('sends amount plus the fee so that exactly the amount arrives: 1,000 tokens of 6 decimals at 1%', () => {
    const onePercent = { basisPoints: 100, maximumFee: 5_000_000_000n };
    expect(grossUp(1_000_000_000n, onePercent)).toBe(1_010_101_011n);
    expect(received(1_010_101_011n, onePercent)).toBe(1_000_000_000n);
    expect(grossUp(1_000_000_000n, null)).toBe(1_000_000_000n);
  });

  it('pays at most the cap on top', () => {
    expect(grossUp(10n ** 12n, { basisPoints: 100, maximumFee: 7n })).toBe(10n ** 12n + 7n);
    expect(grossUp(5n, { basisPoints: 10_000, maximumFee: 3n })).toBe(8n);
  });

  it('is the least amount that delivers exactly what is owed, for every fee', () => {
    fc.assert(
      fc.property(amounts, fees, (owed, fee) => {
        const sent = grossUp(owed, fee);
        expect(received(sent, fee)).toBe(owed);
        if (sent > owed) expect(received(sent - 1n, fee)).toBeLessThan(owed);
        expect(sent - owed).toBeLessThanOrEqual(fee.basisPoints === 0 ? 0n : fee.maximumFee);
      }),
      { numRuns: 5_000 },
    );
  });

  it('refuses a negative amount', () => {
    expect(() => grossUp(-1n, { basisPoints: 100, maximumFee: 10n })).toThrow(RangeError);
  });
});
