import type { Sequelize, Transaction } from 'sequelize';
import { msg, tokenAmount } from '@stakedesk/shared/i18n/catalogue';
import { needsApproval } from '@stakedesk/shared/withdrawal-approval';
import { recordAudit, type Actor, type AnyActor } from '../audit/index.js';
import { conflict, notFound } from '../errors.js';
import { Settings, storedThreshold } from '../settings/index.js';
import { toWithdrawalJson, Withdrawal } from '../withdrawals/index.js';

/** What the approval rule reads of a withdrawal. */
export type ApprovalOf = { finalAmount: string; approvedBy: number | null; approvedAt: Date | null };

/**
 * Four eyes (DESIGN 17): a withdrawal at or above the threshold is paid only once an admin has
 * approved it, and never by the admin who approved it (the server's own automatic payouts have no
 * admin behind them: any admin's approval is the second pair of eyes). 409 approvalRequired otherwise.
 * Read inside the claim's transaction, the threshold as that transaction sees it.
 */
export async function requireApprovals(withdrawals: ApprovalOf[], payer: AnyActor, transaction?: Transaction): Promise<void> {
  const settings = await Settings.findByPk(1, transaction ? { transaction } : {});
  const threshold = settings ? storedThreshold(settings) : '';
  const waiting = withdrawals.find(
    (w) => needsApproval(w.finalAmount, threshold) && (w.approvedAt === null || (payer.id !== null && w.approvedBy === payer.id)),
  );
  if (waiting) throw conflict(msg('approvalRequired', { threshold: tokenAmount(threshold, settings?.tokenSymbol ?? '') }));
}

/**
 * POST /api/admin/withdrawals/{id}/approve: an operator or owner approves a pending withdrawal for
 * payment by someone else. The first approval stands (a second changes nothing and answers the same);
 * one below the threshold may be approved too, so a threshold lowered later does not hold it.
 */
export async function approveWithdrawal(sequelize: Sequelize, id: number, actor: Actor): Promise<Withdrawal> {
  return sequelize.transaction(async (transaction) => {
    const withdrawal = await Withdrawal.findByPk(id, { transaction, lock: transaction.LOCK.UPDATE });
    if (!withdrawal) throw notFound(msg('withdrawalNotFound'));
    if (withdrawal.status !== 'pending') throw conflict(msg('withdrawalAlreadyProcessed'));
    if (withdrawal.approvedAt !== null) return withdrawal;
    const before = toWithdrawalJson(withdrawal);
    await withdrawal.update({ approvedBy: actor.id, approvedByUsername: actor.username, approvedAt: new Date() }, { transaction });
    await recordAudit(sequelize, transaction, actor, {
      action: 'withdrawal.approve',
      entityType: 'withdrawal',
      entityId: id,
      before,
      after: { ...toWithdrawalJson(withdrawal), approvedBy: actor.username },
    });
    return withdrawal;
  });
}
