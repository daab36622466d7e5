import type { Sequelize, Transaction } from 'sequelize';
import { recordAudit, type Actor, type SYSTEM_ACTOR } from '../audit/index.js';
import { Stake } from '../stakes/index.js';
import { markPayoutTransaction } from './payout-transfers.js';
import { type Withdrawal, toWithdrawalJson } from '../withdrawals/index.js';

/**
 * Completes a pending withdrawal with the payout transaction proven to pay it: the withdrawal,
 * its stake and the used transaction id change together. The caller holds the withdrawal's row
 * lock and has checked it is pending; a pasted TXID and a followed payout both end here.
 */
export async function markPaid(
  sequelize: Sequelize,
  transaction: Transaction,
  withdrawal: Withdrawal,
  txId: string,
  actor: Actor | typeof SYSTEM_ACTOR,
): Promise<void> {
  const before = toWithdrawalJson(withdrawal);
  await markPayoutTransaction(sequelize, txId, transaction);
  const now = new Date();
  await withdrawal.update({ status: 'completed', txId, processedAt: now, processedBy: actor.id }, { transaction });
  const stake = await Stake.findByPk(withdrawal.stakeId, { transaction, lock: transaction.LOCK.UPDATE });
  await stake!.update({ status: 'withdrawn', completedAt: stake!.completedAt ?? now }, { transaction });
  await recordAudit(sequelize, transaction, actor, {
    action: 'withdrawal.complete',
    entityType: 'withdrawal',
    entityId: withdrawal.id,
    before,
    after: toWithdrawalJson(withdrawal),
  });
}
