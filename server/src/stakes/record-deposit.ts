import type { Sequelize, Transaction } from 'sequelize';
import { english } from '@stakedesk/shared/i18n/catalogue';
import { rewardFor } from '@stakedesk/shared/money';
import { stakeEndsAt } from '@stakedesk/shared/stake-status';
import { recordAudit, SYSTEM_ACTOR } from '../audit/index.js';
import { publishAdminEvent } from '../events/publish.js';
import { holdSettingsShared } from '../settings/index.js';
import { findPlanForStake } from '../plans/index.js';
import { capacityProblem } from './capacity.js';
import type { PlanTerms } from './deposit-rules.js';
import { toStakeJson } from './stake-json.js';
import { stakesTable, type Stake } from './stake.model.js';
import { markTransactionUsed } from './used-transactions.js';

/** A deposit the chain has proven, and the terms it is recorded on. */
export type ProvenDeposit = {
  txId: string;
  walletAddress: string;
  amount: string;
  terms: PlanTerms;
  /** What the chain proved it against: the stake is owed in this mint, from this wallet. */
  tokenContract: string;
  stakingWallet: string;
};

export function announceStake(db: Sequelize, transaction: Transaction, stake: Stake): Promise<void> {
  return publishAdminEvent(db, transaction, {
    type: 'stake.created',
    stakeId: stake.id,
    walletAddress: stake.walletAddress,
    amount: stake.amount,
    restake: stake.restakedFromId !== null,
  });
}

/**
 * Writes a proven deposit as an active stake, in the caller's transaction. The settings row is
 * held FOR SHARE until commit, so a change of the token contract waits for this stake and then
 * sees it (settings.service refuses that change while any stake is live). The plan row, deleted
 * or not, is locked for the capacity sums: the tokens have already moved, so a deposit over a
 * cap is recorded and flagged, never lost. A second use of the txId fails on its unique index.
 */
export async function recordProvenDeposit(db: Sequelize, transaction: Transaction, deposit: ProvenDeposit, symbol: string): Promise<Stake> {
  await holdSettingsShared(db, transaction);
  const plan = await findPlanForStake(db, deposit.terms.planId, transaction, { withDeleted: true });
  const overCapacity = plan ? await capacityProblem(db, plan, deposit.walletAddress, deposit.amount, symbol, transaction) : null;
  await markTransactionUsed(db, deposit.txId, 'deposit', transaction);
  const createdAt = new Date();
  const stake = await stakesTable(db).create(
    {
      walletAddress: deposit.walletAddress,
      ...deposit.terms,
      amount: deposit.amount,
      rewardAmount: rewardFor(deposit.amount, deposit.terms.yieldRate),
      txId: deposit.txId,
      restakedFromId: null,
      overCapacity: overCapacity !== null,
      tokenContract: deposit.tokenContract,
      stakingWallet: deposit.stakingWallet,
      createdAt,
      endsAt: stakeEndsAt(createdAt, deposit.terms),
    },
    { transaction },
  );
  if (overCapacity) {
    await recordAudit(db, transaction, SYSTEM_ACTOR, {
      action: 'stake.over_capacity',
      entityType: 'stake',
      entityId: stake.id,
      after: { ...toStakeJson(stake), reason: english(overCapacity) },
    });
  }
  await announceStake(db, transaction, stake);
  return stake;
}
