import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isWholeNumberString } from './decimal.js';
import {
  addWhole,
  fromRawAmount,
  penaltyFor,
  percentOf,
  restakeAmount,
  smallestStake,
  rewardFor,
  stakeQuote,
  subtractWhole,
  toRawAmount,
  withdrawalQuote,
} from './money.js';
import type { StakeTerms } from './money.js';

const DAY = 24 * 60 * 60 * 1000;
const created = new Date('2026-01-01T00:00:00Z');
const plan: StakeTerms = { yieldRate: '50', durationDays: 30, earlyPenaltyRate: '10' };

/** A decimal string with `scale` fraction digits for units / 10^scale. */
function decimalText(units: bigint, scale: number): string {
  if (scale === 0) return units.toString();
  const digits = units.toString().padStart(scale + 1, '0');
  return `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

const wholeAmount = fc.bigInt({ min: 0n, max: 10n ** 15n - 1n }).map(String);
const rate = fc.bigInt({ min: 0n, max: 100000n }).map((units) => decimalText(units, 2));
const scaledDecimal = fc
  .tuple(fc.bigInt({ min: 0n, max: 10n ** 24n }), fc.nat({ max: 10 }))
  .map(([units, scale]) => ({ units, scale, text: decimalText(units, scale) }));

describe('percentOf (worked examples)', () => {
  it('50% yield on 1000 gives a reward of 500', () => {
    expect(rewardFor('1000', '50')).toBe('500');
  });

  it('10% penalty on 1000 gives 900 net', () => {
    expect(penaltyFor('1000', '10')).toBe('100');
    expect(subtractWhole('1000', penaltyFor('1000', '10'))).toBe('900');
  });

  it('rounds down to whole tokens', () => {
    expect(percentOf('999', '12.5')).toBe('124'); // 124.875
    expect(percentOf('1', '99.99')).toBe('0');
    expect(percentOf('3', '33.33')).toBe('0');
    expect(percentOf('1000.5', '10')).toBe('100'); // 100.05
  });

  it('accepts PostgreSQL NUMERIC text', () => {
    expect(percentOf('1000.00000000', '50.00')).toBe('500');
  });

  it('stays exact on 15-digit amounts', () => {
    expect(percentOf('999999999999999', '12.34')).toBe('123399999999999'); // 123399999999999.8766
    expect(rewardFor('123456789012345', '1000')).toBe('1234567890123450');
  });

  it('refuses negative or malformed input', () => {
    expect(() => percentOf('-1', '10')).toThrow(RangeError);
    expect(() => percentOf('10', '-1')).toThrow(RangeError);
    expect(() => percentOf('1e3', '10')).toThrow(RangeError);
    expect(() => percentOf('', '10')).toThrow(RangeError);
  });

  it('is the floor of amount x percent / 100, exactly', () => {
    fc.assert(
      fc.property(scaledDecimal, scaledDecimal, (amount, percent) => {
        const result = percentOf(amount.text, percent.text);
        expect(isWholeNumberString(result)).toBe(true);
        // amount x percent / 100 = numerator / denominator
        const numerator = amount.units * percent.units;
        const denominator = 100n * 10n ** BigInt(amount.scale + percent.scale);
        const r = BigInt(result);
        expect(r * denominator <= numerator).toBe(true); // never exceeds
        expect((r + 1n) * denominator > numerator).toBe(true); // within 1
      }),
    );
  });
});

describe('whole-number arithmetic', () => {
  it('adds and subtracts', () => {
    expect(addWhole('999999999999999', '1')).toBe('1000000000000000');
    expect(subtractWhole('1000', '1000')).toBe('0');
    expect(addWhole('100.000', '5')).toBe('105');
  });

  it('throws on a negative result', () => {
    expect(() => subtractWhole('1', '2')).toThrow(RangeError);
  });

  it('refuses fractional amounts', () => {
    expect(() => addWhole('1.5', '1')).toThrow(RangeError);
    expect(() => subtractWhole('2', '0.1')).toThrow(RangeError);
  });
});

describe('smallestStake', () => {
  it('is the minimum rounded up to a whole token, and never 0', () => {
    expect(smallestStake('100')).toBe('100');
    expect(smallestStake('100.00000000')).toBe('100');
    expect(smallestStake('99.5')).toBe('100');
    expect(smallestStake('0.00000001')).toBe('1');
    expect(smallestStake('0')).toBe('1');
  });
});

describe('stakeQuote', () => {
  it('gives the reward, the total and the early net of a new stake (worked examples)', () => {
    expect(stakeQuote('1000', { yieldRate: '50', earlyPenaltyRate: '10' })).toEqual({
      reward: '500',
      total: '1500',
      penalty: '100',
      earlyNet: '900',
    });
    expect(stakeQuote('150', { yieldRate: '5.00', earlyPenaltyRate: '10.00' })).toEqual({
      reward: '7',
      total: '157',
      penalty: '15',
      earlyNet: '135',
    });
  });

  it('agrees with the rules the server records a stake and a withdrawal by', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (a, y, p) => {
          const amount = a.toString();
          const terms = { yieldRate: (y / 100).toFixed(2), earlyPenaltyRate: (p / 100).toFixed(2) };
          const quote = stakeQuote(amount, terms);
          expect(quote.reward).toBe(rewardFor(amount, terms.yieldRate));
          expect(quote.total).toBe(restakeAmount(amount, terms.yieldRate));
          expect(quote.earlyNet).toBe(
            withdrawalQuote({ amount, status: 'active', createdAt: new Date(), plan: { ...terms, durationDays: 30 } }).finalAmount,
          );
        },
      ),
    );
  });
});

describe('restakeAmount', () => {
  it('is amount plus reward', () => {
    expect(restakeAmount('1000', '50')).toBe('1500');
    expect(restakeAmount('999', '12.5')).toBe('1123');
  });

  it('equals amount + reward for any whole amount', () => {
    fc.assert(
      fc.property(wholeAmount, rate, (amount, yieldRate) => {
        const result = restakeAmount(amount, yieldRate);
        expect(isWholeNumberString(result)).toBe(true);
        expect(BigInt(result)).toBe(BigInt(amount) + BigInt(rewardFor(amount, yieldRate)));
        expect(BigInt(rewardFor(amount, yieldRate)) >= 0n).toBe(true);
      }),
    );
  });
});

describe('withdrawalQuote', () => {
  const stake = { amount: '1000', status: 'active' as const, createdAt: created, plan };

  it('is early before the end: penalty charged, reward forfeited', () => {
    expect(withdrawalQuote(stake, new Date(created.getTime() + 10 * DAY))).toEqual({
      kind: 'early',
      amount: '1000',
      rewardAmount: '0',
      penaltyAmount: '100',
      finalAmount: '900',
    });
  });

  it('is full once the duration has elapsed, even while still active', () => {
    expect(withdrawalQuote(stake, new Date(created.getTime() + 30 * DAY))).toEqual({
      kind: 'full',
      amount: '1000',
      rewardAmount: '500',
      penaltyAmount: '0',
      finalAmount: '1500',
    });
  });

  it('is early one millisecond before the end', () => {
    expect(withdrawalQuote(stake, new Date(created.getTime() + 30 * DAY - 1)).kind).toBe('early');
  });

  it('is full for a completed stake whatever the date', () => {
    const quote = withdrawalQuote({ ...stake, status: 'completed' }, created);
    expect(quote.kind).toBe('full');
    expect(quote.finalAmount).toBe('1500');
  });

  it('accepts ISO dates and NUMERIC amounts', () => {
    const quote = withdrawalQuote(
      { ...stake, amount: '1000.00000000', createdAt: '2026-01-01T00:00:00.000Z' },
      new Date('2026-01-02T00:00:00Z'),
    );
    expect(quote).toMatchObject({ amount: '1000', finalAmount: '900' });
  });

  it('keeps the money identities for any stake', () => {
    fc.assert(
      fc.property(
        wholeAmount,
        rate,
        // A plan's early penalty is below 100% (planSchema).
        rate.filter((r) => Number(r) < 100),
        fc.integer({ min: 1, max: 3650 }),
        fc.integer({ min: 0, max: 4000 * DAY }),
        fc.constantFrom('active' as const, 'completed' as const),
        (amount, yieldRate, earlyPenaltyRate, durationDays, elapsed, status) => {
          const quote = withdrawalQuote(
            { amount, status, createdAt: created, plan: { yieldRate, durationDays, earlyPenaltyRate } },
            new Date(created.getTime() + elapsed),
          );
          for (const value of [quote.amount, quote.rewardAmount, quote.penaltyAmount, quote.finalAmount]) {
            expect(isWholeNumberString(value)).toBe(true);
          }
          if (quote.kind === 'early') {
            expect(BigInt(quote.finalAmount) + BigInt(quote.penaltyAmount)).toBe(BigInt(amount));
            // Something is always paid out, so the payout can be proven on chain.
            if (amount !== '0') expect(BigInt(quote.finalAmount)).toBeGreaterThan(0n);
            expect(quote.rewardAmount).toBe('0');
          } else {
            expect(BigInt(quote.finalAmount) - BigInt(amount)).toBe(BigInt(rewardFor(amount, yieldRate)));
            expect(quote.penaltyAmount).toBe('0');
          }
          const elapsedFully = elapsed >= durationDays * DAY;
          expect(quote.kind).toBe(status === 'completed' || elapsedFully ? 'full' : 'early');
        },
      ),
    );
  });
});

describe('raw amounts', () => {
  it('converts whole tokens to raw units and back without floats', () => {
    expect(toRawAmount('1500', 6)).toBe(1_500_000_000n);
    expect(toRawAmount('123456789012345', 9)).toBe(123_456_789_012_345_000_000_000n);
    expect(toRawAmount('1000.00000000', 2)).toBe(100_000n);
    expect(fromRawAmount(1_500_000_001n, 6)).toBe('1500.000001');
    expect(fromRawAmount(1_500_000_000n, 6)).toBe('1500');
    expect(fromRawAmount(7n, 0)).toBe('7');
  });

  it('refuses a fraction of a token or a negative amount', () => {
    expect(() => toRawAmount('1.5', 6)).toThrow(RangeError);
    expect(() => toRawAmount('-1', 6)).toThrow(RangeError);
  });

  it('round-trips any whole amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.integer({ min: 0, max: 12 }), (tokens, decimals) => {
        expect(fromRawAmount(toRawAmount(tokens.toString(), decimals), decimals)).toBe(tokens.toString());
      }),
    );
  });
});
