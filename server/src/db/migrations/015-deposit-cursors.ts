import type { MigrationContext } from '../migration-context.js';

export const name = '015-deposit-cursors';

/**
 * Deposits found at constant cost (DESIGN 12): the server follows the staking wallet's token
 * accounts, not each intent's reference. `deposit_cursors` keeps, per followed token account, the
 * newest transaction already looked at (`last_signature`; null when its history was empty at the
 * first look), so a restarted or second instance resumes there and reads nothing twice; a round
 * holds the row's lock while it reads. The per-intent schedule (`next_check_at`) goes with the
 * per-reference search it served. Intents are matched by reference (already unique, so indexed);
 * `deposit_intents_watched_idx` finds the mints and staking wallets that intents still watched were
 * made for (a staking wallet changed meanwhile is followed until they end) without reading the
 * intents that ended long ago.
 */
export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    CREATE TABLE deposit_cursors (
      address varchar(44) COLLATE "C" PRIMARY KEY,
      owner varchar(44) COLLATE "C" NOT NULL,
      mint varchar(44) COLLATE "C" NOT NULL,
      last_signature varchar(100) COLLATE "C",
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    DROP INDEX deposit_intents_due_idx;
    ALTER TABLE deposit_intents DROP COLUMN next_check_at;
    CREATE INDEX deposit_intents_watched_idx ON deposit_intents (expires_at, token_contract, staking_wallet) WHERE stake_id IS NULL;
  `);
}

export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    DROP INDEX deposit_intents_watched_idx;
    ALTER TABLE deposit_intents ADD COLUMN next_check_at timestamptz NOT NULL DEFAULT now();
    CREATE INDEX deposit_intents_due_idx ON deposit_intents (next_check_at) WHERE stake_id IS NULL;
    DROP TABLE deposit_cursors;
  `);
}
