import type { StakingPlan } from '@stakedesk/shared/api-types';
import { compareDecimal } from '@stakedesk/shared/decimal';

/** Why the stake dialog would refuse what was typed, each case its own sentence at the field. */
export type AmountProblem =
  | { key: 'stakeField.notPlain' }
  | { key: 'stakeField.negative' }
  | { key: 'stakeField.notWhole' }
  | { key: 'stakeField.belowMinimum'; min: string }
  | { key: 'stakeField.aboveWalletCap'; max: string }
  | { key: 'stakeField.aboveCapacity'; left: string };

type Limits = Pick<StakingPlan, 'minStakeAmount' | 'maxPerWallet' | 'remainingCapacity'>;

/**
 * The problem with `typed` (the input's raw value) for `plan`, or undefined for an empty field or
 * an amount the plan takes. The balance is the dialog's own check: it needs the wallet.
 */
export function amountProblem(typed: string, plan: Limits): AmountProblem | undefined {
  const value = typed.trim();
  if (value === '') return undefined;
  if (/e/i.test(value)) return { key: 'stakeField.notPlain' };
  if (value.startsWith('-')) return { key: 'stakeField.negative' };
  if (/^\d*[.,]\d*$/.test(value)) return { key: 'stakeField.notWhole' };
  if (!/^\d+$/.test(value)) return { key: 'stakeField.notPlain' };
  if (compareDecimal(value, plan.minStakeAmount) < 0) return { key: 'stakeField.belowMinimum', min: plan.minStakeAmount };
  if (plan.maxPerWallet !== null && compareDecimal(value, plan.maxPerWallet) > 0) {
    return { key: 'stakeField.aboveWalletCap', max: plan.maxPerWallet };
  }
  if (plan.remainingCapacity !== null && compareDecimal(value, plan.remainingCapacity) > 0) {
    return { key: 'stakeField.aboveCapacity', left: plan.remainingCapacity };
  }
  return undefined;
}
