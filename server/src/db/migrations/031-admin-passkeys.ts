import type { MigrationContext } from '../migration-context.js';

export const name = '031-admin-passkeys';

/**
 * Passkeys (DESIGN 17). `admin_passkeys`: each admin's WebAuthn credentials, the public key as the
 * authenticator gave it (COSE) and its signature counter. `admin_passkey_challenges`: each
 * ceremony's challenge, kept in the database so that any instance can check the answer, spent by
 * the first answer that names it (right or wrong) and useless after `expires_at`.
 * `settings.require_passkeys_for_owners`: owners sign in and step up with a passkey only.
 */
export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    CREATE TABLE admin_passkeys (
      id serial PRIMARY KEY,
      admin_id integer NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
      credential_id varchar(1364) NOT NULL,
      public_key bytea NOT NULL,
      counter bigint NOT NULL DEFAULT 0 CHECK (counter >= 0),
      transports varchar(20)[] NOT NULL DEFAULT '{}',
      name varchar(64) NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz,
      CONSTRAINT admin_passkeys_credential_unique UNIQUE (credential_id)
    );
    CREATE INDEX admin_passkeys_by_admin ON admin_passkeys (admin_id, id);

    CREATE TABLE admin_passkey_challenges (
      challenge varchar(128) PRIMARY KEY,
      admin_id integer NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
      purpose varchar(10) NOT NULL CHECK (purpose IN ('register', 'sign-in', 'step-up')),
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX admin_passkey_challenges_expiry ON admin_passkey_challenges (expires_at);

    ALTER TABLE settings ADD COLUMN require_passkeys_for_owners boolean NOT NULL DEFAULT false;
  `);
}

export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    ALTER TABLE settings DROP COLUMN require_passkeys_for_owners;
    DROP TABLE admin_passkey_challenges;
    DROP TABLE admin_passkeys;
  `);
}
