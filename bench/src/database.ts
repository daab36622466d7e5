/**
 * The bench's throwaway PostgreSQL: the server's own embedded PostgreSQL in a temporary DATA_DIR
 * (so the server can later be started on it exactly as `npm start` does), or, when DATABASE_URL
 * is set, a fresh database on that server, dropped at the end.
 */
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '@stakedesk/server/dist/db/embedded-postgres.js';
import { createLogger } from '@stakedesk/server/dist/logger.js';

export type BenchDatabase = {
  url: string;
  /** Set when the database is the embedded one: the server can start on it with DATA_DIR. */
  dataDir: string | undefined;
  /** Stops the embedded PostgreSQL (the data stays, for a server started with DATA_DIR). */
  stop(): Promise<void>;
  /** Starts it again after stop(). */
  start(): Promise<void>;
  /** Removes everything: the data directory, or the database on DATABASE_URL's server. */
  destroy(): Promise<void>;
  version: string;
};

export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: 'stakedesk-bench' });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function serverVersion(url: string): Promise<string> {
  return withClient(url, async (client) => (await client.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]!.v);
}

export async function openBenchDatabase(): Promise<BenchDatabase> {
  const external = process.env.DATABASE_URL;
  if (external) {
    const name = `stakedesk_bench_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    await withClient(external, (client) => client.query(`CREATE DATABASE ${name}`));
    const url = new URL(external);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      dataDir: undefined,
      stop: async () => undefined,
      start: async () => undefined,
      destroy: () => withClient(external, (client) => client.query(`DROP DATABASE ${name} WITH (FORCE)`)).then(() => undefined),
      version: await serverVersion(url.toString()),
    };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stakedesk-bench-'));
  chmodSync(dataDir, 0o755); // the postgres user must reach its data directory inside
  const logger = createLogger('warn');
  let embedded = await startEmbeddedPostgres(dataDir, logger);
  let running = true;
  const database: BenchDatabase = {
    url: embedded.url,
    dataDir,
    async stop() {
      if (running) await embedded.stop();
      running = false;
    },
    async start() {
      if (running) return;
      embedded = await startEmbeddedPostgres(dataDir, logger);
      database.url = embedded.url;
      running = true;
    },
    async destroy() {
      await database.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    version: await serverVersion(embedded.url),
  };
  return database;
}
