/**
 * The seeders the server is put together with (open-database.ts's `seeders`), run by the migrator:
 * a new database gets the default settings (and, embedded, the example plans); one already seeded,
 * by this release or an older one, is never seeded again.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { QueryTypes, type Sequelize } from 'sequelize';
import { openDatabase, seeders } from '../open-database.js';
import { listActivePlans } from '../plans/index.js';
import { loadSettings } from '../settings/index.js';
import { freshDatabase } from '../test/fresh-database.js';
import { migrateAndSeed } from './migrator.js';

const opened: { db: Sequelize; drop: () => Promise<void> }[] = [];
afterEach(async () => {
  for (const { db, drop } of opened.splice(0)) {
    await db.close();
    await drop();
  }
});

async function emptyDatabase(): Promise<Sequelize> {
  const { url, drop } = await freshDatabase('seeds');
  const db = openDatabase(url);
  opened.push({ db, drop });
  return db;
}

const planNames = async (db: Sequelize) => (await listActivePlans(db)).map((plan) => plan.name);
const settingsRows = async (db: Sequelize) => Number((await db.query('SELECT count(*) AS n FROM settings', { plain: true }))!.n);
const recordedSeeds = async (db: Sequelize) =>
  (await db.query<{ name: string }>('SELECT name FROM schema_seeds ORDER BY name', { type: QueryTypes.SELECT })).map((row) => row.name);

describe('seeding a database', () => {
  it('gives a new embedded one the default settings and the three example plans, recorded under the names releases keep', async () => {
    const db = await emptyDatabase();
    await migrateAndSeed(db, seeders({ examplePlans: true }));
    const settings = await loadSettings(db);
    expect([settings.tokenName, settings.tokenSymbol]).toEqual(['Stakedesk Token', 'STAKE']);
    expect(await planNames(db)).toEqual(['Starter', 'Growth', 'Diamond']);
    expect(await recordedSeeds(db)).toEqual(['001-default-settings', '002-example-plans']);
  });

  it('gives a new one on DATABASE_URL the default settings and no plans', async () => {
    const db = await emptyDatabase();
    await migrateAndSeed(db, seeders({ examplePlans: false }));
    expect((await loadSettings(db)).tokenName).toBe('Stakedesk Token');
    expect(await planNames(db)).toEqual([]);
    expect(await recordedSeeds(db)).toEqual(['001-default-settings']);
  });

  it('seeds one already seeded never again: a deleted example plan and a renamed token stay so', async () => {
    const db = await emptyDatabase();
    await migrateAndSeed(db, seeders({ examplePlans: true }));
    await db.query("DELETE FROM staking_plans WHERE name = 'Growth'");
    await db.query("UPDATE settings SET token_name = 'Renamed Token'");

    await migrateAndSeed(db, seeders({ examplePlans: true }));
    expect(await planNames(db)).toEqual(['Starter', 'Diamond']);
    expect((await loadSettings(db)).tokenName).toBe('Renamed Token');
    expect(await settingsRows(db)).toBe(1);
  });

  it('seeds one an older release seeded never again, by the names it recorded', async () => {
    const db = await emptyDatabase();
    await migrateAndSeed(db, []);
    await db.query("INSERT INTO schema_seeds (name) VALUES ('001-default-settings'), ('002-example-plans')");

    await migrateAndSeed(db, seeders({ examplePlans: true }));
    expect(await settingsRows(db)).toBe(0);
    expect(await planNames(db)).toEqual([]);
  });
});
