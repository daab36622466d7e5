import type { MigrationContext } from '../migration-context.js';

export const name = '026-follower-gaps-outflows';

/**
 * A deposit follower that never skips, and the outflow ledger (DESIGN 15).
 *
 * - `deposit_cursors` gains the history a round could not reach within its page budget: the gap
 *   between `gap_until` (the cursor it started from, exclusive; null for the start of the account's
 *   history) and `gap_before` (the oldest transaction read, exclusive), read by the next rounds
 *   from `gap_before` down, by any instance. `behind_since`: when the gap opened (the episode
 *   `deposits.behind` announced), set exactly while a gap is open.
 * - `treasury_outflows`: each transaction that took tokens out of an account the server pays from
 *   (a staking wallet's or the hot wallet's) and that no payout the server built and no verified
 *   pasted TXID explains. `amount` in raw units of `mint` (`decimals` to show it). Explained by a
 *   payout or a paste found later (`explained_by` says which, as JSON) or by an owner's `note`.
 *   One row per transaction and account, however many rounds or instances read it.
 *   `alerted_at`: when treasury.unexplained_outflow was raised for it (after a grace period).
 */
export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    ALTER TABLE deposit_cursors
      ADD COLUMN gap_before varchar(100) COLLATE "C",
      ADD COLUMN gap_until varchar(100) COLLATE "C",
      ADD COLUMN behind_since timestamptz,
      ADD CONSTRAINT deposit_cursors_gap_whole CHECK ((gap_before IS NULL) = (behind_since IS NULL)),
      ADD CONSTRAINT deposit_cursors_gap_bounded CHECK (gap_before IS NOT NULL OR gap_until IS NULL);

    CREATE TABLE treasury_outflows (
      signature varchar(100) COLLATE "C" NOT NULL,
      account varchar(44) COLLATE "C" NOT NULL,
      owner varchar(44) COLLATE "C" NOT NULL,
      mint varchar(44) COLLATE "C" NOT NULL,
      amount numeric(40, 0) NOT NULL CHECK (amount > 0),
      decimals smallint NOT NULL CHECK (decimals BETWEEN 0 AND 18),
      block_time timestamptz,
      status varchar(11) NOT NULL DEFAULT 'unexplained' CHECK (status IN ('unexplained', 'explained')),
      explained_by jsonb,
      note varchar(500),
      explained_at timestamptz,
      alerted_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (signature, account),
      CHECK ((status = 'explained') = (explained_by IS NOT NULL AND explained_at IS NOT NULL))
    );
    CREATE INDEX treasury_outflows_unexplained_idx ON treasury_outflows (created_at) WHERE status = 'unexplained';
    CREATE INDEX treasury_outflows_explained_idx ON treasury_outflows (explained_at DESC) WHERE status = 'explained';
  `);
}

export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    DROP TABLE treasury_outflows;
    ALTER TABLE deposit_cursors DROP COLUMN gap_before, DROP COLUMN gap_until, DROP COLUMN behind_since;
  `);
}
