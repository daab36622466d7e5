import type { Sequelize, Transaction } from 'sequelize';
import type { CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import { recordAudit, type Actor, type SYSTEM_ACTOR } from '../audit/index.js';
import { recordHeldPayout } from '../books-audit/index.js';
import { Stake } from '../stakes/index.js';
import { claimPayoutTransfer } from './payout-transfers.js';
import { type Withdrawal, toWithdrawalJson } from '../withdrawals/index.js';

/**
 * Completes a pending withdrawal with the payout transaction proven to pay it: the withdrawal,
 * its stake and the used transaction id change together. The caller holds the withdrawal's row
 * lock and has checked it is pending; a pasted TXID, a followed payout and an owner's review all
 * end here, and so does an audit's open hold on what that transaction sent the wallet (DESIGN 19).
 * Returns null once paid, or why the transaction cannot pay it (nothing written): what it sent the
 * wallet already paid another withdrawal, or it is a deposit's.
 */
export async function markPaid(
  sequelize: Sequelize,
  transaction: Transaction,
  withdrawal: Withdrawal,
  txId: string,
  actor: Actor | typeof SYSTEM_ACTOR,
): Promise<CodedMessage | null> {
  const refused = await claimPayoutTransfer(sequelize, transaction, txId, withdrawal.walletAddress);
  if (refused) return refused;
  const before = toWithdrawalJson(withdrawal);
  const now = new Date();
  await withdrawal.update({ status: 'completed', txId, processedAt: now, processedBy: actor.id }, { transaction });
  const stake = await Stake.findByPk(withdrawal.stakeId, { transaction, lock: transaction.LOCK.UPDATE });
  await stake!.update({ status: 'withdrawn', completedAt: stake!.completedAt ?? now }, { transaction });
  await recordHeldPayout(sequelize, transaction, withdrawal, txId, actor);
  await recordAudit(sequelize, transaction, actor, {
    action: 'withdrawal.complete',
    entityType: 'withdrawal',
    entityId: withdrawal.id,
    before,
    after: toWithdrawalJson(withdrawal),
  });
  return null;
}
