import type { MigrationContext } from '../migration-context.js';

export const name = '013-logout-throttle-intents';

/**
 * Admin logout revokes its token on every instance: the session id is kept until the token
 * expires, as for holders (007). The login throttle's keys grow to name a client address beside
 * the username (access/login-throttle.ts); the old keys were plain usernames and are dropped (a
 * running lock is at most 15 minutes). A deposit intent the holder's wallet declined is
 * cancelled: it no longer counts as open, and a transfer carrying its reference is still recorded.
 */
export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    CREATE TABLE revoked_admin_sessions (
      session_id uuid PRIMARY KEY,
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX revoked_admin_sessions_expires_idx ON revoked_admin_sessions (expires_at);

    DELETE FROM admin_login_failures;
    ALTER TABLE admin_login_failures ALTER COLUMN username_key TYPE varchar(200);

    ALTER TABLE deposit_intents ADD COLUMN cancelled_at timestamptz;
  `);
}

export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    ALTER TABLE deposit_intents DROP COLUMN cancelled_at;
    DELETE FROM admin_login_failures;
    ALTER TABLE admin_login_failures ALTER COLUMN username_key TYPE varchar(50);
    DROP TABLE revoked_admin_sessions;
  `);
}
