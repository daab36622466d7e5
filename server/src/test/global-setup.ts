import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateAndSeed } from '../db/migrator.js';
import { createLogger } from '../logger.js';
import { openDatabase, seeders } from '../open-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL URL whose user may create databases; each test file makes its own. */
    postgresUrl: string;
    /** A database on it migrated and seeded once, that test servers copy (CREATE DATABASE … TEMPLATE). */
    migratedTemplate: string;
  }
}

/**
 * Tests run on a real PostgreSQL: DATABASE_URL when given (CI also runs the suite against
 * Debian's PostgreSQL 15 that way), otherwise a throwaway embedded one.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('postgresUrl', process.env.DATABASE_URL);
    return provideMigratedTemplate(project, process.env.DATABASE_URL);
  }
  const { startEmbeddedPostgres } = await importKeepingExitCode(() => import('../db/embedded-postgres.js'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stakedesk-test-'));
  chmodSync(dataDir, 0o755); // the postgres user must reach its data directory inside
  const embedded = await startEmbeddedPostgres(dataDir, createLogger('warn'));
  project.provide('postgresUrl', embedded.url);
  const dropTemplate = await provideMigratedTemplate(project, embedded.url);
  return async () => {
    await dropTemplate();
    await embedded.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

/**
 * The migrations run once here, not in each of the hundred test servers: a copy of this database
 * takes a twentieth of the time (0.05 s against 0.45 on a quiet machine). Test servers still run
 * the migrator on their copy, which then finds nothing to do. Named per run: two runs may share
 * DATABASE_URL.
 */
async function provideMigratedTemplate(project: TestProject, serverUrl: string): Promise<() => Promise<void>> {
  const name = `test_template_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = openDatabase(url.toString());
  await migrateAndSeed(db, seeders({ examplePlans: false }));
  await db.close(); // a template may have no one connected while it is copied
  project.provide('migratedTemplate', name);
  return async () => {
    await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await admin.end();
  };
}

/**
 * embedded-postgres registers an exit hook (async-exit-hook) that calls process.exit(0) on
 * 'beforeExit'. In vitest's own process that replaced the exit code vitest had set for failed
 * tests: a failing server test left `vitest run`, `npm test` and CI green. Its 'beforeExit' and
 * 'exit' hooks go (the one on 'exit' cannot wait for PostgreSQL and throws); the teardown above
 * stops PostgreSQL itself, and the signal hooks stay for an interrupted run.
 */
async function importKeepingExitCode<T>(load: () => Promise<T>): Promise<T> {
  const beforeExit = new Set(process.listeners('beforeExit'));
  const exit = new Set(process.listeners('exit'));
  const loaded = await load();
  for (const listener of process.listeners('beforeExit')) if (!beforeExit.has(listener)) process.off('beforeExit', listener);
  for (const listener of process.listeners('exit')) if (!exit.has(listener)) process.off('exit', listener);
  return loaded;
}
