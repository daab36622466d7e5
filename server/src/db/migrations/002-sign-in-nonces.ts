import type { MigrationContext } from '../migration-context.js';

export const name = '002-sign-in-nonces';

/** Holder sign-in nonces live in PostgreSQL so any server instance can verify any sign-in. */
export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    CREATE TABLE sign_in_nonces (
      nonce varchar(64) PRIMARY KEY,
      wallet_address varchar(44) NOT NULL,
      message text NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX sign_in_nonces_expires_idx ON sign_in_nonces (expires_at);
  `);
}

export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql('DROP TABLE sign_in_nonces');
}
