import { describe, expect, it } from 'vitest';
import { transferFeeOn } from './transfer-fee.js';
import { transferFeeTerms } from './transfer-fee-terms.js';

describe('transferFeeTerms', () => {
  it('states a mint fee as its rate in percent and its cap in tokens', () => {
    // The browser tests' Token-2022 mint: 1%, at most 1,000 tokens of 6 decimals.
    expect(transferFeeTerms({ basisPoints: 100, maximumFee: '1000000000' }, 6)).toEqual({ percent: '1', maximum: '1000' });
    expect(transferFeeTerms({ basisPoints: 25, maximumFee: '500000' }, 6)).toEqual({ percent: '0.25', maximum: '0.5' });
    expect(transferFeeTerms({ basisPoints: 250, maximumFee: '7' }, 0)).toEqual({ percent: '2.5', maximum: '7' });
    expect(transferFeeTerms({ basisPoints: 10_000, maximumFee: '18446744073709551615' }, 9)).toEqual({
      percent: '100',
      maximum: '18446744073.709551615',
    });
  });

  it('is null, so that a screen may say only network fees apply, exactly when the program withholds nothing', () => {
    const cases = [
      null,
      { basisPoints: 0, maximumFee: '1000000' },
      { basisPoints: 100, maximumFee: '0' },
      { basisPoints: 100, maximumFee: '1000000' },
      { basisPoints: 1, maximumFee: '1' },
    ];
    for (const fee of cases) {
      const free = transferFeeOn(1_000_000_000n, fee && { basisPoints: fee.basisPoints, maximumFee: BigInt(fee.maximumFee) }) === 0n;
      expect(transferFeeTerms(fee, 6) === null).toBe(free);
    }
  });
});
