import { describe, expect, it } from 'vitest';
import { amountProblem } from './amount-problem.js';

const plan = { minStakeAmount: '100', maxPerWallet: null, remainingCapacity: null };

describe('amountProblem', () => {
  it('says nothing of an empty field or an amount the plan takes', () => {
    expect(amountProblem('', plan)).toBeUndefined();
    expect(amountProblem('100', plan)).toBeUndefined();
    expect(amountProblem('250000', plan)).toBeUndefined();
  });

  it('names each way an amount can be wrong', () => {
    expect(amountProblem('150.75', plan)).toEqual({ key: 'stakeField.notWhole' });
    expect(amountProblem('1e5', plan)).toEqual({ key: 'stakeField.notPlain' });
    expect(amountProblem('-5', plan)).toEqual({ key: 'stakeField.negative' });
    expect(amountProblem('-5.5', plan)).toEqual({ key: 'stakeField.negative' });
    expect(amountProblem('50', plan)).toEqual({ key: 'stakeField.belowMinimum', min: '100' });
  });

  it('refuses more than the per-wallet cap, then more than the plan has left', () => {
    const capped = { minStakeAmount: '100', maxPerWallet: '5000', remainingCapacity: '3000' };
    expect(amountProblem('6000', capped)).toEqual({ key: 'stakeField.aboveWalletCap', max: '5000' });
    expect(amountProblem('4000', capped)).toEqual({ key: 'stakeField.aboveCapacity', left: '3000' });
    expect(amountProblem('3000', capped)).toBeUndefined();
  });
});
