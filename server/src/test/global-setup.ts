import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../db/embedded-postgres.js';
import { createLogger } from '../logger.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL URL whose user may create databases; each test file makes its own. */
    postgresUrl: string;
  }
}

/**
 * Tests run on a real PostgreSQL: DATABASE_URL when given (CI also runs the suite against
 * Debian's PostgreSQL 15 that way), otherwise a throwaway embedded one.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('postgresUrl', process.env.DATABASE_URL);
    return;
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stakedesk-test-'));
  chmodSync(dataDir, 0o755); // the postgres user must reach its data directory inside
  const embedded = await startEmbeddedPostgres(dataDir, createLogger('warn'));
  project.provide('postgresUrl', embedded.url);
  return async () => {
    await embedded.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
