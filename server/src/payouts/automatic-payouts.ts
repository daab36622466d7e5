import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { CodedMessage } from '@stakedesk/shared/i18n/catalogue';

// What automatic payouts (auto-payouts/) and the treasury read of the payouts: the day's spend and what keeps them stopped.

/** The latest payout of withdrawal `w` that ended expired (DESIGN 15: its withdrawal is never paid automatically again). */
export const EXPIRED_PAYOUT_OF_W = `(SELECT max(pw.payout_id) FROM payout_withdrawals pw JOIN payouts p ON p.id = pw.payout_id
  WHERE pw.withdrawal_id = w.id AND p.status = 'expired')`;

/** Withdrawal `withdrawalId`'s latest payout that ended expired, read inside `transaction` (null: none). */
export async function latestExpiredPayoutOf(db: Sequelize, withdrawalId: number, transaction: Transaction): Promise<number | null> {
  const [row] = await db.query<{ id: number | null }>(
    `SELECT max(pw.payout_id) AS id FROM payout_withdrawals pw JOIN payouts p ON p.id = pw.payout_id
     WHERE pw.withdrawal_id = :withdrawalId AND p.status = 'expired'`,
    { replacements: { withdrawalId }, type: QueryTypes.SELECT, transaction },
  );
  return row?.id ?? null;
}

/** Whether withdrawal `w` waits for an owner's review of a payout that landed short (its tokens left with that payout). */
export const IN_REVIEW_OF_W =
  "EXISTS (SELECT 1 FROM payout_withdrawals pw WHERE pw.withdrawal_id = w.id AND pw.open AND pw.outcome = 'review')";

/** Whether a payout still open holds withdrawal `w`. */
export const OPEN_PAYOUT_OF_W = 'EXISTS (SELECT 1 FROM payout_withdrawals pw WHERE pw.withdrawal_id = w.id AND pw.open)';

/**
 * What automatic payouts paid, hold open, or saw expire in the last 24 hours, in whole tokens. An
 * expired one stays counted (DESIGN 15): "expired" is a provider's word, and one that lies or lags
 * could have hidden it landing; only a payout that landed failed (nothing moved) frees its amount.
 */
export async function paidAutomaticallySince(db: Sequelize, hours: number, transaction?: Transaction): Promise<string> {
  const [row] = await db.query<{ total: string }>(
    `SELECT coalesce(sum(pw.amount), 0)::text AS total
     FROM payouts p JOIN payout_withdrawals pw ON pw.payout_id = p.id
     WHERE p.automatic AND p.status IN ('prepared', 'sent', 'completed', 'needs_review', 'expired')
       AND p.created_at > now() - make_interval(hours => :hours)`,
    { replacements: { hours }, type: QueryTypes.SELECT, ...(transaction ? { transaction } : {}) },
  );
  return row!.total;
}

/** A payout with a withdrawal in review: tokens may have gone astray, so nothing is paid by itself until an owner resolves each. */
export async function payoutInReview(db: Sequelize): Promise<number | null> {
  const [row] = await db.query<{ id: number }>(
    `SELECT payout_id AS id FROM payout_withdrawals WHERE open AND outcome = 'review' ORDER BY payout_id LIMIT 1`,
    { type: QueryTypes.SELECT },
  );
  return row?.id ?? null;
}

/** Why the second provider kept an open payout from expiring at its last look, if it did for one. */
export async function payoutDisagreement(db: Sequelize): Promise<CodedMessage | null> {
  const [row] = await db.query<{ disagreement: CodedMessage }>(
    `SELECT rpc_disagreement AS disagreement FROM payouts WHERE status IN ('prepared', 'sent') AND rpc_disagreement IS NOT NULL
     ORDER BY id LIMIT 1`,
    { type: QueryTypes.SELECT },
  );
  return row?.disagreement ?? null;
}
