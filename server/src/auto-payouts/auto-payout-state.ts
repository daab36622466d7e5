import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { CodedMessage } from '@stakedesk/shared/i18n/catalogue';

/** What the last round of automatic payouts saw (db/migrations/019-auto-payouts.ts), shared by every instance. */
export type AutoPayoutState = {
  stoppedBy: CodedMessage[];
  highestFinalizedHeight: number;
  /** The hot wallet's balance of the mint in tokens; null when not read. */
  hotBalance: string | null;
  checkedAt: Date | null;
};

export async function readAutoPayoutState(sequelize: Sequelize, transaction?: Transaction, lock = false): Promise<AutoPayoutState> {
  const [row] = await sequelize.query<AutoPayoutState>(
    `SELECT stopped_by AS "stoppedBy", highest_finalized_height::float8 AS "highestFinalizedHeight", hot_balance::text AS "hotBalance",
       checked_at AS "checkedAt"
     FROM auto_payout_state WHERE id = 1${lock ? ' FOR UPDATE' : ''}`,
    { type: QueryTypes.SELECT, ...(transaction ? { transaction } : {}) },
  );
  return row!;
}

/** Saves this round's readings for the panel and the next round. */
export async function saveAutoPayoutState(sequelize: Sequelize, state: Omit<AutoPayoutState, 'checkedAt'>): Promise<void> {
  await sequelize.query(
    `UPDATE auto_payout_state SET stopped_by = :stoppedBy::jsonb, hot_balance = :hotBalance,
       highest_finalized_height = greatest(highest_finalized_height, :height), checked_at = now()
     WHERE id = 1`,
    { replacements: { stoppedBy: JSON.stringify(state.stoppedBy), hotBalance: state.hotBalance, height: state.highestFinalizedHeight } },
  );
}

/**
 * What automatic payouts paid, hold open, or saw expire in the last 24 hours, in whole tokens. An
 * expired one stays counted (DESIGN 15): "expired" is a provider's word, and one that lies or lags
 * could have hidden it landing; only a payout that landed failed (nothing moved) frees its amount.
 */
export async function paidAutomaticallySince(sequelize: Sequelize, hours: number, transaction?: Transaction): Promise<string> {
  const [row] = await sequelize.query<{ total: string }>(
    `SELECT coalesce(sum(pw.amount), 0)::text AS total
     FROM payouts p JOIN payout_withdrawals pw ON pw.payout_id = p.id
     WHERE p.automatic AND p.status IN ('prepared', 'sent', 'completed', 'needs_review', 'expired')
       AND p.created_at > now() - make_interval(hours => :hours)`,
    { replacements: { hours }, type: QueryTypes.SELECT, ...(transaction ? { transaction } : {}) },
  );
  return row!.total;
}

/**
 * Why automatic payouts left each of these pending withdrawals to an operator, where they did; none
 * while the policy is off (a hold noted before it was turned off is no longer why anything waits).
 */
export async function autoPayoutHolds(sequelize: Sequelize, ids: number[]): Promise<Map<number, CodedMessage>> {
  if (ids.length === 0) return new Map();
  const rows = await sequelize.query<{ id: number; hold: CodedMessage }>(
    `SELECT id, auto_payout_hold AS hold FROM withdrawals WHERE id IN (:ids) AND status = 'pending' AND auto_payout_hold IS NOT NULL
       AND (SELECT (auto_payout->>'enabled')::boolean FROM settings WHERE id = 1)`,
    { replacements: { ids }, type: QueryTypes.SELECT },
  );
  return new Map(rows.map((row) => [row.id, row.hold]));
}
