import type { MigrationContext } from '../migration-context.js';

export const name = '029-demo-minutes';

/**
 * A demo plan's duration in minutes (DESIGN 16: `npm run demo` shows a whole cycle in two minutes),
 * kept with the other terms wherever a plan's terms are copied: the plan, a deposit intent, a stake.
 * Such a plan has duration_days 0, so no reader of days alone takes it for a plan of days; any other
 * plan keeps whole days and no minutes. New columns are null for every existing row: nothing is read
 * or rewritten (the copies are checked where they come from, the plan).
 */
export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    ALTER TABLE staking_plans ADD COLUMN duration_minutes integer;
    ALTER TABLE staking_plans DROP CONSTRAINT staking_plans_duration_days_check;
    ALTER TABLE staking_plans ADD CONSTRAINT staking_plans_duration_check
      CHECK ((duration_minutes IS NULL AND duration_days > 0) OR (duration_minutes > 0 AND duration_days = 0));
    ALTER TABLE deposit_intents ADD COLUMN duration_minutes integer;
    ALTER TABLE stakes ADD COLUMN duration_minutes integer;
  `);
}

export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    UPDATE staking_plans SET duration_days = 1 WHERE duration_minutes IS NOT NULL;
    ALTER TABLE stakes DROP COLUMN duration_minutes;
    ALTER TABLE deposit_intents DROP COLUMN duration_minutes;
    ALTER TABLE staking_plans DROP CONSTRAINT staking_plans_duration_check;
    ALTER TABLE staking_plans ADD CONSTRAINT staking_plans_duration_days_check CHECK (duration_days > 0);
    ALTER TABLE staking_plans DROP COLUMN duration_minutes;
  `);
}
