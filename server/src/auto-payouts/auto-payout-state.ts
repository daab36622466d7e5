import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import { publishAdminEvent } from '../events/publish.js';

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

/**
 * Saves this round's readings for the panel and the next round; when what the panel shows of them
 * changed (why automatic payouts stop, the hot wallet's balance), the panels hear of it at once.
 */
export async function saveAutoPayoutState(db: Sequelize, state: Omit<AutoPayoutState, 'checkedAt'>): Promise<void> {
  await db.transaction(async (transaction) => {
    const [row] = await db.query<{ changed: boolean }>(
      `WITH before AS (SELECT stopped_by, hot_balance FROM auto_payout_state WHERE id = 1 FOR UPDATE)
       UPDATE auto_payout_state s SET stopped_by = :stoppedBy::jsonb, hot_balance = :hotBalance,
         highest_finalized_height = greatest(s.highest_finalized_height, :height), checked_at = now()
       FROM before WHERE s.id = 1
       RETURNING before.stopped_by IS DISTINCT FROM s.stopped_by OR before.hot_balance IS DISTINCT FROM s.hot_balance AS changed`,
      {
        replacements: { stoppedBy: JSON.stringify(state.stoppedBy), hotBalance: state.hotBalance, height: state.highestFinalizedHeight },
        type: QueryTypes.SELECT,
        transaction,
      },
    );
    if (row?.changed) await announceAutoPayoutsChanged(db, transaction);
  });
}

/** Tells every panel that automatic payouts show something new (the event is sent if `transaction` commits). */
export const announceAutoPayoutsChanged = (db: Sequelize, transaction: Transaction) =>
  publishAdminEvent(db, transaction, { type: 'autoPayouts.changed' });
