import type { MigrationContext } from '../migrator.js';

export const name = '007-holder-sessions';

/** Logout revokes a holder session on every instance: its id is kept until the token expires. */
export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    CREATE TABLE revoked_holder_sessions (
      session_id uuid PRIMARY KEY,
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX revoked_holder_sessions_expires_idx ON revoked_holder_sessions (expires_at);
  `);
}

export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql('DROP TABLE revoked_holder_sessions');
}
