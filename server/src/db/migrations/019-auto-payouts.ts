import type { MigrationContext } from '../migration-context.js';

export const name = '019-auto-payouts';

/**
 * Automatic payouts (DESIGN 13). settings.auto_payout is the owner's policy (off until set);
 * withdrawals.auto_payout_hold is why policy left a withdrawal to an operator (null when it did
 * not look, or may pay it); payouts.automatic marks the payouts the server's signer made, which
 * the 24-hour limit counts; auto_payout_state is what the last round saw, for every instance and
 * the panel: why automation is stopped, and the highest finalized block height the RPC reported
 * (an answer below it is a provider contradicting itself).
 */
export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    ALTER TABLE settings ADD COLUMN auto_payout jsonb NOT NULL
      DEFAULT '{"enabled": false, "maxPerWithdrawal": "0", "maxPer24h": "0", "minHotBalance": "0", "newWalletDelayHours": 24}';
    ALTER TABLE withdrawals ADD COLUMN auto_payout_hold jsonb;
    ALTER TABLE payouts ADD COLUMN automatic boolean NOT NULL DEFAULT false;
    CREATE INDEX payouts_automatic_recent ON payouts (created_at) WHERE automatic;
    CREATE TABLE auto_payout_state (
      id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      stopped_by jsonb NOT NULL DEFAULT '[]',
      highest_finalized_height bigint NOT NULL DEFAULT 0,
      hot_balance text,
      checked_at timestamptz
    );
    INSERT INTO auto_payout_state (id) VALUES (1);
  `);
}

export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    DROP TABLE auto_payout_state;
    DROP INDEX payouts_automatic_recent;
    ALTER TABLE payouts DROP COLUMN automatic;
    ALTER TABLE withdrawals DROP COLUMN auto_payout_hold;
    ALTER TABLE settings DROP COLUMN auto_payout;
  `);
}
