import type { Sequelize } from 'sequelize';
import { adminsTable } from './access/index.js';
import { changeRequestsTable } from './approvals/index.js';
import { auditLogsTable } from './audit/index.js';
import { openConnection } from './db/database.js';
import type { Seeder } from './db/migration-context.js';
import { examplePlansSeed, plansTable } from './plans/index.js';
import { defaultSettingsSeed, settingsTable } from './settings/index.js';
import { stakesTable } from './stakes/index.js';
import { withdrawalsTable } from './withdrawals/index.js';

/**
 * The database with every module's Sequelize models bound to it: the one place that knows them all.
 * Each model is a class of this handle's own (a second database opened in the process gets others);
 * binding them here, not at a first query, shows a broken model definition when the server starts.
 */
export function openDatabase(url: string): Sequelize {
  const db = openConnection(url);
  for (const bind of [settingsTable, plansTable, stakesTable, withdrawalsTable, adminsTable, auditLogsTable, changeRequestsTable]) bind(db);
  return db;
}

/**
 * Every module's first rows, for the migrator (`migrateAndSeed(db, seeders(…))`), in the order they
 * first ran: it records each by name and never runs one twice. The example plans only for the
 * zero-setup embedded database.
 */
export function seeders(options: { examplePlans: boolean }): Seeder[] {
  return [defaultSettingsSeed, ...(options.examplePlans ? [examplePlansSeed] : [])];
}
