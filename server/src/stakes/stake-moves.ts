import type { Transaction } from 'sequelize';
import type { Stake } from './stake.model.js';

// What a stake becomes as it is withdrawn, written under the row lock its caller holds (lockStake):
// the withdrawals and payouts modules ask for these, the stakes module writes the row.

/** Paid out (or restaked): withdrawn, completed when it was not already. */
export async function markStakeWithdrawn(stake: Stake, at: Date, transaction: Transaction): Promise<void> {
  await stake.update({ status: 'withdrawn', completedAt: stake.completedAt ?? at }, { transaction });
}

/** Asked to be withdrawn; an early unstake forfeits the reward. */
export async function markStakePendingWithdrawal(stake: Stake, rewardForfeited: boolean, transaction: Transaction): Promise<void> {
  await stake.update({ status: 'pending_withdrawal', rewardForfeited }, { transaction });
}

/** Its withdrawal was rejected: back to what it was before the request, its reward no longer forfeited. */
export async function returnStakeFromWithdrawal(
  stake: Stake,
  statusBefore: 'active' | 'completed',
  transaction: Transaction,
): Promise<void> {
  await stake.update({ status: statusBefore, rewardForfeited: false }, { transaction });
}
