import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import type { AnyActor } from '../audit/index.js';
import { conflict } from '../errors.js';
import { STAKE_DEPOSIT_TIMES_SQL } from '../stakes/index.js';
import { PENDING_WITHDRAWALS_SQL, WITHDRAWAL_PAYEES_SQL } from '../withdrawals/index.js';
import { restorePending } from './restore-detection.js';

/** Whether the audit found withdrawal `w` paid on chain after a restored moment (DESIGN 19), as a condition of a larger statement. */
export const AUDIT_FINDING_OF_W = 'EXISTS (SELECT 1 FROM audit_payout_findings f WHERE f.withdrawal_id = w.id)';

/**
 * What the audit holds back from paying (DESIGN 19), for the payout paths to ask (payouts/):
 * - a withdrawal the audit found paid on chain while the books show it unpaid (audit_payout_findings),
 *   and every pending withdrawal of a wallet an open hold found the treasury paid, in its mint, in a
 *   payout the books lack (audit_payout_holds: the restore lost that withdrawal's row). Whatever it
 *   owes: a lost early unstake paid less than the matured stake's new request asks. 409
 *   withdrawalPaidOnChain for a payout, a rejection, or any TXID but one of those found (`pastedTxId`,
 *   which records it only when it paid exactly what is owed); otherwise an owner dismisses the hold;
 * - everything, while a restored database has not been audited yet: 409 restoreAuditPending.
 * Read under the withdrawals' row locks, which the audit takes too when it opens a hold.
 */
export async function refuseFoundPaidOnChain(
  db: Sequelize,
  withdrawalIds: number[],
  transaction?: Transaction,
  pastedTxId?: string,
): Promise<void> {
  if (withdrawalIds.length === 0) return;
  const found = await db.query<{ id: number; signature: string }>(
    `SELECT withdrawal_id AS id, signature FROM audit_payout_findings WHERE withdrawal_id IN (:withdrawalIds)
     UNION ALL
     SELECT w.id, h.signature FROM ${PENDING_WITHDRAWALS_SQL} w
       JOIN audit_payout_holds h ON h.status = 'open' AND h.wallet_address = w.wallet_address
         AND h.token_contract = w.token_contract
     WHERE w.id IN (:withdrawalIds)
     ORDER BY id, signature`,
    { replacements: { withdrawalIds }, type: QueryTypes.SELECT, ...(transaction ? { transaction } : {}) },
  );
  const pastedOneFound = (id: number) => found.some((held) => held.id === id && held.signature === pastedTxId);
  const blocking = found.find((held) => !pastedOneFound(held.id));
  if (blocking) throw conflict(msg('withdrawalPaidOnChain', { signature: blocking.signature }));
}

export async function refuseWhileRestoreUnaudited(db: Sequelize, transaction?: Transaction): Promise<void> {
  if (await restorePending(db, transaction)) throw conflict(msg('restoreAuditPending'));
}

/**
 * What a pasted TXID that is an open hold's own payout to this withdrawal (its wallet, mint and amount)
 * is proven against, or null: sent by the treasury wallet the audit saw pay it, after the stake's
 * deposit. The withdrawal was asked for again after the restore, so after the payout: its request's
 * time cannot be the bound, nor its staking wallet the payer when the hot wallet paid.
 */
export async function heldPayoutBounds(
  db: Sequelize,
  withdrawalId: number,
  txId: string,
): Promise<{ payer: string; notBefore: Date } | null> {
  const [held] = await db.query<{ payer: string; notBefore: Date }>(
    `SELECT h.payer, s.created_at AS "notBefore" FROM ${WITHDRAWAL_PAYEES_SQL} w
       JOIN ${STAKE_DEPOSIT_TIMES_SQL} s ON s.id = w.stake_id
       JOIN audit_payout_holds h ON h.signature = :txId AND h.status = 'open' AND h.wallet_address = w.wallet_address
         AND h.token_contract = w.token_contract AND h.amount = w.final_amount
     WHERE w.id = :withdrawalId`,
    { replacements: { withdrawalId, txId }, type: QueryTypes.SELECT },
  );
  return held ?? null;
}

/** A withdrawal completed by `txId` (markPaid, in its transaction): an open hold on what it sent the wallet is in the books now. */
export async function recordHeldPayout(
  db: Sequelize,
  transaction: Transaction,
  withdrawal: { id: number; walletAddress: string },
  txId: string,
  actor: AnyActor,
): Promise<void> {
  await db.query(
    `UPDATE audit_payout_holds SET status = 'recorded', withdrawal_id = :withdrawalId, resolved_by = :adminId,
       resolved_by_username = :username, resolved_at = now()
     WHERE signature = :txId AND wallet_address = :wallet AND status = 'open'`,
    {
      replacements: { withdrawalId: withdrawal.id, wallet: withdrawal.walletAddress, txId, adminId: actor.id, username: actor.username },
      transaction,
    },
  );
}
