import type { MigrationContext } from '../migration-context.js';

export const name = '021-alert-conditions';

/**
 * Conditions announced once when they begin (DESIGN 13: treasury.uncovered, hot_wallet.low): each
 * row is whether the condition held when last looked at, so that every instance's watch sends one
 * alert per beginning, not one per look.
 */
export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    CREATE TABLE alert_conditions (
      name varchar(64) PRIMARY KEY,
      active boolean NOT NULL,
      changed_at timestamptz NOT NULL DEFAULT now()
    );
  `);
}

export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql(`DROP TABLE alert_conditions;`);
}
