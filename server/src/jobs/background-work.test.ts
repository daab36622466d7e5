import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { waitUntil } from '../test/second-instance.js';
import { startTestServer, type TestServer } from '../test/test-server.js';
import { startBackgroundWork } from './background-work.js';
import type { JobQueue } from './job-queue.js';

let api: TestServer;
let jobs: JobQueue | undefined;
beforeAll(async () => {
  api = await startTestServer();
});
afterAll(async () => {
  await jobs?.stop();
  await api.close();
});

const count = async (sql: string) =>
  (await api.sequelize.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, { type: QueryTypes.SELECT }))[0]!.n;

it('clears expired rate-limit windows as soon as the server starts, as a job of the queue', async () => {
  await api.sequelize.query(`INSERT INTO rate_limits (key, hits, reset_at) VALUES ('gone', 3, now() - interval '1 minute'),
    ('kept', 3, now() + interval '1 minute')`);
  jobs = await startBackgroundWork(api.sequelize, api.databaseUrl, createLogger('silent'));
  await waitUntil(async () => (await count(`pgboss.job WHERE name = 'clean-up' AND state = 'completed'`)) === 1, 10_000, 'a clean-up job');
  expect(await count(`rate_limits WHERE key = 'gone'`)).toBe(0);
  expect(await count(`rate_limits WHERE key = 'kept'`)).toBe(1);
  expect(jobs.failures()).toEqual({});
});
