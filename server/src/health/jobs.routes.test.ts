import type { BackgroundJobs } from '@stakedesk/shared/api-types';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import { ChainUnavailableError } from '../chain/chain.js';
import { conflict } from '../errors.js';
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
    lastReason: null,
  });
  expect(Date.now() - Date.parse(failed!.lastFailedAt)).toBeLessThan(10_000);
});

it('gives the reason by code when the error carried one (the chain’s, a refusal), with any provider URL cut to its origin', async () => {
  await queue!.every('follow-payouts', 1_000, async () => {
    throw new ChainUnavailableError(msg('chainNotAsked', { cause: 'fetch failed: https://rpc.example.com/?api-key=secret-key' }));
  });
  await queue!.every('expiry', 1_000, async () => {
    throw conflict(msg('txIdAlreadyUsed'));
  });
  await waitUntil(async () => (await failedJobs()).length === 3, 10_000, 'both jobs failed');

  const byJob = Object.fromEntries((await failedJobs()).map((job) => [job.job, job]));
  expect(byJob['follow-payouts']!.lastReason).toEqual({
    code: 'chainNotAsked',
    params: { cause: 'fetch failed: https://rpc.example.com/…' },
  });
  expect(JSON.stringify(byJob['follow-payouts'])).not.toContain('secret-key');
  expect(byJob.expiry!.lastReason).toEqual({ code: 'txIdAlreadyUsed' });
});

it('is for signed-in admins only', async () => {
  expect((await api.request('GET', '/api/admin/jobs')).status).toBe(401);
});
