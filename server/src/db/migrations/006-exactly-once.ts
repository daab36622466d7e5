import type { MigrationContext } from '../migration-context.js';

export const name = '006-exactly-once';

/**
 * Money moves exactly once.
 *
 * - Each stake and withdrawal records the mint and staking wallet its deposit was verified
 *   against, so a setting changed later cannot turn it into a debt in another token or from
 *   another wallet. Existing rows take the settings of today: the columns are added with that
 *   constant as default (metadata only in PostgreSQL 11+, no rewrite of a million rows), then the
 *   default is dropped so every new row names its own.
 * - Deposit intents (Solana Pay's reference convention): the terms a holder was shown, and the
 *   reference key their transfer carries, so the server finds and records the deposit itself.
 *   `next_check_at` spreads the watching over time and over server instances (claimed with
 *   FOR UPDATE SKIP LOCKED).
 * - Payouts: a signed transaction registered before it is sent. At most one open payout per
 *   withdrawal (partial unique index), followed to its end in the database, not in a browser.
 */
export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    DO $$
    DECLARE
      mint text := coalesce((SELECT token_contract FROM settings WHERE id = 1), '');
      wallet text := coalesce((SELECT staking_wallet FROM settings WHERE id = 1), '');
    BEGIN
      EXECUTE format('ALTER TABLE stakes
          ADD COLUMN token_contract varchar(44) COLLATE "C" NOT NULL DEFAULT %L,
          ADD COLUMN staking_wallet varchar(44) COLLATE "C" NOT NULL DEFAULT %L', mint, wallet);
      EXECUTE format('ALTER TABLE withdrawals
          ADD COLUMN token_contract varchar(44) COLLATE "C" NOT NULL DEFAULT %L,
          ADD COLUMN staking_wallet varchar(44) COLLATE "C" NOT NULL DEFAULT %L', mint, wallet);
    END $$;
    ALTER TABLE stakes ALTER COLUMN token_contract DROP DEFAULT, ALTER COLUMN staking_wallet DROP DEFAULT;
    ALTER TABLE withdrawals ALTER COLUMN token_contract DROP DEFAULT, ALTER COLUMN staking_wallet DROP DEFAULT;

    CREATE TABLE deposit_intents (
      id serial PRIMARY KEY,
      reference varchar(44) COLLATE "C" NOT NULL UNIQUE,
      wallet_address varchar(44) COLLATE "C" NOT NULL,
      amount numeric(40, 0) NOT NULL CHECK (amount > 0),
      plan_id integer NOT NULL REFERENCES staking_plans (id),
      plan_name varchar(100) NOT NULL,
      plan_description varchar(1000),
      yield_rate numeric(12, 2) NOT NULL,
      duration_days integer NOT NULL,
      min_stake_amount numeric(38, 8) NOT NULL,
      early_penalty_rate numeric(5, 2) NOT NULL,
      token_contract varchar(44) COLLATE "C" NOT NULL,
      staking_wallet varchar(44) COLLATE "C" NOT NULL,
      stake_id integer UNIQUE REFERENCES stakes (id),
      expires_at timestamptz NOT NULL,
      next_check_at timestamptz NOT NULL DEFAULT now(),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX deposit_intents_due_idx ON deposit_intents (next_check_at) WHERE stake_id IS NULL;
    CREATE INDEX deposit_intents_wallet_idx ON deposit_intents (wallet_address, created_at DESC) WHERE stake_id IS NULL;

    CREATE TABLE payouts (
      id serial PRIMARY KEY,
      signature varchar(100) COLLATE "C" NOT NULL UNIQUE,
      last_valid_block_height bigint NOT NULL CHECK (last_valid_block_height >= 0),
      status varchar(10) NOT NULL DEFAULT 'sent' CHECK (status IN ('sent', 'completed', 'expired', 'failed')),
      failure_reason varchar(1000),
      created_by integer REFERENCES admins (id) ON DELETE SET NULL,
      created_by_username varchar(50) NOT NULL,
      next_check_at timestamptz NOT NULL DEFAULT now(),
      created_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz,
      CHECK ((status = 'failed') = (failure_reason IS NOT NULL)),
      CHECK ((status = 'sent') = (finished_at IS NULL))
    );
    CREATE INDEX payouts_due_idx ON payouts (next_check_at) WHERE status = 'sent';
    CREATE INDEX payouts_status_idx ON payouts (status, id DESC);

    CREATE TABLE payout_withdrawals (
      payout_id integer NOT NULL REFERENCES payouts (id),
      withdrawal_id integer NOT NULL REFERENCES withdrawals (id),
      open boolean NOT NULL DEFAULT true,
      failure_reason varchar(500),
      PRIMARY KEY (payout_id, withdrawal_id)
    );
    CREATE UNIQUE INDEX payout_withdrawals_one_open ON payout_withdrawals (withdrawal_id) WHERE open;
    CREATE INDEX payout_withdrawals_latest_idx ON payout_withdrawals (withdrawal_id, payout_id DESC);
  `);
}

export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    DROP TABLE payout_withdrawals, payouts, deposit_intents;
    ALTER TABLE withdrawals DROP COLUMN token_contract, DROP COLUMN staking_wallet;
    ALTER TABLE stakes DROP COLUMN token_contract, DROP COLUMN staking_wallet;
  `);
}
