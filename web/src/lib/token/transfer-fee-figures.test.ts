import { describe, expect, it } from 'vitest';
import { feePercent, maximumFeeTokens, sendAmountFor } from './transfer-fee-figures.js';

const ONE_PERCENT = { basisPoints: 100, maximumFee: '1000000000000' };

describe('transfer fee figures', () => {
  it('the send amount is the stake grossed up in raw units, so that the staking wallet receives exactly the stake', () => {
    // 1,000 tokens of 6 decimals: 1,010.101011 sent, of which the program withholds 10.101011 (1%, rounded up).
    expect(sendAmountFor('1000', 6, ONE_PERCENT)).toBe('1010.101011');
    expect(sendAmountFor('1000', 1, ONE_PERCENT)).toBe('1010.2');
    expect(sendAmountFor('1000', 0, ONE_PERCENT)).toBe('1011');
    // The cap: at most 5 tokens, so 1,000 costs 1,005.
    expect(sendAmountFor('1000', 6, { basisPoints: 100, maximumFee: '5000000' })).toBe('1005');
    expect(sendAmountFor('1000', 6, { basisPoints: 0, maximumFee: '5000000' })).toBe('1000');
  });

  it('states the rate and the cap in tokens', () => {
    expect(feePercent(ONE_PERCENT)).toBe('1');
    expect(feePercent({ basisPoints: 25, maximumFee: '1' })).toBe('0.25');
    expect(feePercent({ basisPoints: 250, maximumFee: '1' })).toBe('2.5');
    expect(maximumFeeTokens(ONE_PERCENT, 6)).toBe('1000000');
    expect(maximumFeeTokens({ basisPoints: 100, maximumFee: '500000' }, 6)).toBe('0.5');
  });
});
