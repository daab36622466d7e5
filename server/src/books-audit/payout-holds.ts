import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import { conflict } from '../errors.js';
import { restorePending } from './restore-detection.js';

/**
 * What the audit holds back from paying (DESIGN 19), for the payout paths to ask (payouts/):
 * - a withdrawal the audit found paid on chain while the books show it unpaid: 409
 *   withdrawalPaidOnChain for a payout, a rejection, or any TXID but the one found (`pastedTxId`);
 * - everything, while a restored database has not been audited yet: 409 restoreAuditPending.
 */
export async function refuseFoundPaidOnChain(
  sequelize: Sequelize,
  withdrawalIds: number[],
  transaction?: Transaction,
  pastedTxId?: string,
): Promise<void> {
  if (withdrawalIds.length === 0) return;
  const found = await sequelize.query<{ signature: string }>(
    'SELECT signature FROM audit_payout_findings WHERE withdrawal_id IN (:withdrawalIds) ORDER BY withdrawal_id',
    { replacements: { withdrawalIds }, type: QueryTypes.SELECT, ...(transaction ? { transaction } : {}) },
  );
  const blocking = found.find((finding) => finding.signature !== pastedTxId);
  if (blocking) throw conflict(msg('withdrawalPaidOnChain', { signature: blocking.signature }));
}

export async function refuseWhileRestoreUnaudited(sequelize: Sequelize, transaction?: Transaction): Promise<void> {
  if (await restorePending(sequelize, transaction)) throw conflict(msg('restoreAuditPending'));
}
