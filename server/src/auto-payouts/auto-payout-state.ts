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

export async function readAutoPayoutState(db: Sequelize, transaction?: Transaction, lock = false): Promise<AutoPayoutState> {
  const [row] = await db.query<AutoPayoutState>(
    `SELECT stopped_by AS "stoppedBy", highest_finalized_height::float8 AS "highestFinalizedHeight", hot_balance::text AS "hotBalance",
       checked_at AS "checkedAt"
     FROM auto_payout_state WHERE id = 1${lock ? ' FOR UPDATE' : ''}`,
    { type: QueryTypes.SELECT, ...(transaction ? { transaction } : {}) },
  );
  return row!;
}

/** Saves this round's readings for the panel and the next round. */
export async function saveAutoPayoutState(db: Sequelize, state: Omit<AutoPayoutState, 'checkedAt'>): Promise<void> {
  await db.query(
    `UPDATE auto_payout_state SET stopped_by = :stoppedBy::jsonb, hot_balance = :hotBalance,
       highest_finalized_height = greatest(highest_finalized_height, :height), checked_at = now()
     WHERE id = 1`,
    { replacements: { stoppedBy: JSON.stringify(state.stoppedBy), hotBalance: state.hotBalance, height: state.highestFinalizedHeight } },
  );
}
