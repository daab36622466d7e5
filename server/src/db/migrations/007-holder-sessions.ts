import type { MigrationContext } from '../migration-context.js';

export const name = '007-holder-sessions';

/**
 * Logout revokes a holder session on every instance: its id is kept until the token expires.
 * A plan's early penalty stays below 100%: a payout of nothing can never be proven on chain, so an
 * early withdrawal on such a plan could never complete. Existing plans are left as they are
 * (NOT VALID); new and updated rows are held to it.
 */
export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    CREATE TABLE revoked_holder_sessions (
      session_id uuid PRIMARY KEY,
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX revoked_holder_sessions_expires_idx ON revoked_holder_sessions (expires_at);
    ALTER TABLE staking_plans ADD CONSTRAINT staking_plans_early_penalty_below_100 CHECK (early_penalty_rate < 100) NOT VALID;
  `);
}

export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    ALTER TABLE staking_plans DROP CONSTRAINT staking_plans_early_penalty_below_100;
    DROP TABLE revoked_holder_sessions;
  `);
}
