import type { BackgroundJobs } from '@stakedesk/shared/api-types';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { waitUntil } from '../test/second-instance.js';
import { startTestServer, type TestServer } from '../test/test-server.js';
import { adminWithRole } from '../test/two-factor.js';
import { startJobQueue, type JobQueue } from '../jobs/job-queue.js';

let api: TestServer;
let viewer: string;
let queue: JobQueue | undefined;
beforeAll(async () => {
  api = await startTestServer();
  viewer = (await adminWithRole(api, await api.login(), 'viewer', 'jobs-viewer')).token;
});
afterAll(async () => {
  await queue?.stop();
  await api.close();
});

const failedJobs = async () => (await api.request<BackgroundJobs>('GET', '/api/admin/jobs', undefined, viewer)).body.failedLast24h;

it('shows a viewer the background jobs that failed in the last 24 hours: how often, when last, and the last error’s first line', async () => {
  expect(await failedJobs()).toEqual([]);
  queue = await startJobQueue(api.databaseUrl, createLogger('silent'));
  let rounds = 0;
  await queue.every('deposit-detection', 1_000, async () => {
    rounds += 1;
    throw new Error(`the RPC answered 502 (round ${rounds})\nand a second line that is not shown`);
  });
  await queue.every('clean-up', 1_000, async () => undefined);
  await waitUntil(async () => (await failedJobs()).some((job) => job.failures >= 2), 10_000, 'two failed rounds');

  const [failed, ...others] = await failedJobs();
  expect(others).toEqual([]);
  expect(failed).toEqual({
    job: 'deposit-detection',
    failures: expect.any(Number),
    lastFailedAt: expect.any(String),
    lastError: `the RPC answered 502 (round ${failed!.failures})`,
  });
  expect(Date.now() - Date.parse(failed!.lastFailedAt)).toBeLessThan(10_000);
});

it('is for signed-in admins only', async () => {
  expect((await api.request('GET', '/api/admin/jobs')).status).toBe(401);
});
