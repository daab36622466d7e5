import type { MigrationContext } from '../migration-context.js';

export const name = '008-operator-accounts';

/**
 * Operator accounts: roles, two-factor sign-in, recovery codes, the per-account login
 * throttle and the everyone-must-enrol policy.
 *
 * Every admin that exists now becomes an owner (the column is added with that default, then the
 * default becomes operator for the admins created later). Two-factor secrets are stored encrypted
 * (secret-box.ts); `two_factor_last_step` is the last TOTP time step accepted, so a code is
 * accepted once. `kept_session_id` is the one session a password change by its own admin keeps.
 */
export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    ALTER TABLE admins
      ADD COLUMN role varchar(10) NOT NULL DEFAULT 'owner' CHECK (role IN ('owner', 'operator', 'viewer')),
      ADD COLUMN two_factor_enabled boolean NOT NULL DEFAULT false,
      ADD COLUMN two_factor_secret varchar(200),
      ADD COLUMN two_factor_pending_secret varchar(200),
      ADD COLUMN two_factor_last_step bigint,
      ADD COLUMN kept_session_id uuid,
      ADD CONSTRAINT admins_two_factor_has_secret CHECK (NOT two_factor_enabled OR two_factor_secret IS NOT NULL);
    ALTER TABLE admins ALTER COLUMN role SET DEFAULT 'operator';
    CREATE INDEX admins_owners_idx ON admins (id) WHERE role = 'owner';

    -- Single-use recovery codes, as keyed hashes (access/recovery-codes.ts says why not bcrypt).
    CREATE TABLE admin_recovery_codes (
      id serial PRIMARY KEY,
      admin_id integer NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
      code_hash char(64) NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (admin_id, code_hash)
    );

    -- Failed sign-ins in a row per username (lower case; unknown usernames too), shared by every instance.
    CREATE TABLE admin_login_failures (
      username_key varchar(50) PRIMARY KEY,
      failures integer NOT NULL CHECK (failures >= 0),
      locked_until timestamptz,
      last_failed_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX admin_login_failures_last_idx ON admin_login_failures (last_failed_at);

    ALTER TABLE settings ADD COLUMN require_two_factor boolean NOT NULL DEFAULT false;
  `);
}

export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    ALTER TABLE settings DROP COLUMN require_two_factor;
    DROP TABLE admin_login_failures;
    DROP TABLE admin_recovery_codes;
    DROP INDEX admins_owners_idx;
    ALTER TABLE admins
      DROP CONSTRAINT admins_two_factor_has_secret,
      DROP COLUMN kept_session_id,
      DROP COLUMN two_factor_last_step,
      DROP COLUMN two_factor_pending_secret,
      DROP COLUMN two_factor_secret,
      DROP COLUMN two_factor_enabled,
      DROP COLUMN role;
  `);
}
