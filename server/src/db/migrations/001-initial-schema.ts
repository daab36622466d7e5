import type { MigrationContext } from '../migration-context.js';

const timestamps = `
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()`;

export const name = '001-initial-schema';

export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    CREATE TABLE settings (
      id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      token_name varchar(100) NOT NULL,
      token_symbol varchar(20) NOT NULL,
      token_contract varchar(44) NOT NULL DEFAULT '',
      token_logo text,
      staking_wallet varchar(44) NOT NULL DEFAULT '',
      helius_api_key varchar(200) NOT NULL DEFAULT '',
      helius_rpc_url varchar(500) NOT NULL DEFAULT '',
      support_email varchar(254) NOT NULL DEFAULT '',
      support_whatsapp varchar(200) NOT NULL DEFAULT '',
      support_telegram varchar(200) NOT NULL DEFAULT '',
      maintenance_mode boolean NOT NULL DEFAULT false,
      maintenance_message varchar(1000) NOT NULL,
      maintenance_type varchar(20) NOT NULL DEFAULT 'maintenance' CHECK (maintenance_type IN ('maintenance', 'update')),
      maintenance_estimated_time varchar(200) NOT NULL,
      social_links jsonb NOT NULL DEFAULT '{}',
      stats_offset_staked numeric(40, 0) NOT NULL DEFAULT 1250000 CHECK (stats_offset_staked >= 0),
      stats_offset_stakers integer NOT NULL DEFAULT 112 CHECK (stats_offset_stakers >= 0),
      ${timestamps}
    );

    CREATE TABLE staking_plans (
      id serial PRIMARY KEY,
      name varchar(100) NOT NULL,
      description varchar(1000),
      yield_rate numeric(12, 2) NOT NULL CHECK (yield_rate >= 0),
      duration_days integer NOT NULL CHECK (duration_days > 0),
      min_stake_amount numeric(38, 8) NOT NULL CHECK (min_stake_amount > 0),
      early_penalty_rate numeric(5, 2) NOT NULL CHECK (early_penalty_rate BETWEEN 0 AND 100),
      is_active boolean NOT NULL DEFAULT true,
      ${timestamps},
      deleted_at timestamptz
    );

    CREATE TABLE admins (
      id serial PRIMARY KEY,
      email varchar(254) NOT NULL,
      username varchar(50) NOT NULL,
      password_hash varchar(100) NOT NULL,
      token_version integer NOT NULL DEFAULT 0,
      ${timestamps}
    );
    CREATE UNIQUE INDEX admins_username_unique ON admins (lower(username));
    CREATE UNIQUE INDEX admins_email_unique ON admins (lower(email));

    -- A stake copies its plan's terms: editing or deleting the plan never changes it.
    CREATE TABLE stakes (
      id serial PRIMARY KEY,
      wallet_address varchar(44) NOT NULL,
      plan_id integer NOT NULL REFERENCES staking_plans (id),
      plan_name varchar(100) NOT NULL,
      plan_description varchar(1000),
      yield_rate numeric(12, 2) NOT NULL,
      duration_days integer NOT NULL,
      min_stake_amount numeric(38, 8) NOT NULL,
      early_penalty_rate numeric(5, 2) NOT NULL,
      amount numeric(40, 0) NOT NULL CHECK (amount > 0),
      reward_amount numeric(40, 0) NOT NULL CHECK (reward_amount >= 0),
      status varchar(20) NOT NULL DEFAULT 'active'
        CHECK (status IN ('active', 'completed', 'pending_withdrawal', 'withdrawn')),
      tx_id varchar(100) UNIQUE,
      restaked_from_id integer UNIQUE REFERENCES stakes (id),
      ends_at timestamptz NOT NULL,
      completed_at timestamptz,
      ${timestamps}
    );
    CREATE INDEX stakes_wallet_idx ON stakes (wallet_address, created_at DESC);
    CREATE INDEX stakes_status_created_idx ON stakes (status, created_at DESC);
    CREATE INDEX stakes_active_ends_idx ON stakes (ends_at) WHERE status = 'active';
    CREATE INDEX stakes_plan_idx ON stakes (plan_id);

    CREATE TABLE withdrawals (
      id serial PRIMARY KEY,
      stake_id integer NOT NULL REFERENCES stakes (id),
      wallet_address varchar(44) NOT NULL,
      kind varchar(10) NOT NULL CHECK (kind IN ('full', 'early')),
      amount numeric(40, 0) NOT NULL CHECK (amount > 0),
      reward_amount numeric(40, 0) NOT NULL CHECK (reward_amount >= 0),
      penalty_amount numeric(40, 0) NOT NULL CHECK (penalty_amount >= 0),
      final_amount numeric(40, 0) NOT NULL CHECK (final_amount >= 0),
      status varchar(20) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'completed', 'rejected')),
      stake_status_before varchar(20) NOT NULL CHECK (stake_status_before IN ('active', 'completed')),
      tx_id varchar(100) UNIQUE,
      reject_reason varchar(500),
      processed_by integer REFERENCES admins (id) ON DELETE SET NULL,
      requested_at timestamptz NOT NULL DEFAULT now(),
      processed_at timestamptz,
      ${timestamps},
      CHECK ((status = 'completed') = (tx_id IS NOT NULL)),
      CHECK ((status = 'rejected') = (reject_reason IS NOT NULL))
    );
    CREATE UNIQUE INDEX withdrawals_one_open_per_stake ON withdrawals (stake_id) WHERE status = 'pending';
    CREATE UNIQUE INDEX withdrawals_one_payout_per_stake ON withdrawals (stake_id) WHERE status = 'completed';
    CREATE INDEX withdrawals_wallet_idx ON withdrawals (wallet_address, requested_at DESC);
    CREATE INDEX withdrawals_status_idx ON withdrawals (status, requested_at DESC);

    -- Every chain transaction the books rely on, deposit or payout, is used once.
    CREATE TABLE used_transactions (
      tx_id varchar(100) PRIMARY KEY,
      purpose varchar(10) NOT NULL CHECK (purpose IN ('deposit', 'payout')),
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE audit_logs (
      id bigserial PRIMARY KEY,
      admin_id integer,
      admin_username varchar(50) NOT NULL,
      action varchar(60) NOT NULL,
      entity_type varchar(30) NOT NULL,
      entity_id varchar(60),
      before jsonb,
      after jsonb,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX audit_logs_created_idx ON audit_logs (created_at DESC, id DESC);

    -- Rate-limit counters shared by every server instance.
    CREATE TABLE rate_limits (
      key varchar(300) PRIMARY KEY,
      hits integer NOT NULL,
      reset_at timestamptz NOT NULL
    );
  `);
}

export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql(`DROP TABLE rate_limits, audit_logs, used_transactions, withdrawals, stakes, admins, staking_plans, settings`);
}
