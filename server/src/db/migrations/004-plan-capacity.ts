import type { MigrationContext } from '../migration-context.js';

export const name = '004-plan-capacity';

/**
 * Optional caps per plan, and a flag on a verified deposit recorded over a cap: the tokens had
 * already moved, so it is kept for the operator rather than refused. The partial index serves the
 * capacity sums (a plan's and a wallet's active stakes).
 */
export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    ALTER TABLE staking_plans
      ADD COLUMN max_total_staked numeric(40, 0) CHECK (max_total_staked > 0),
      ADD COLUMN max_per_wallet numeric(40, 0) CHECK (max_per_wallet > 0);
    ALTER TABLE stakes ADD COLUMN over_capacity boolean NOT NULL DEFAULT false;
    CREATE INDEX stakes_plan_active_idx ON stakes (plan_id, wallet_address) INCLUDE (amount) WHERE status = 'active';
  `);
}

export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    DROP INDEX stakes_plan_active_idx;
    ALTER TABLE stakes DROP COLUMN over_capacity;
    ALTER TABLE staking_plans DROP COLUMN max_total_staked, DROP COLUMN max_per_wallet;
  `);
}
