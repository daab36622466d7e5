import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Withdrawal } from '@stakedesk/shared/api-types';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startBackgroundWork } from '../background-work.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { createLogger } from '../logger.js';
import { startStakingServer, stakeFor } from '../test/fixtures.js';
import { waitUntil } from '../test/second-instance.js';
import type { TestServer } from '../test/test-server.js';
import { alertOverdueWithdrawals } from '../withdrawals/overdue-withdrawals.js';
import { webhookAddress } from './webhook-address.js';

const received: { type: string; data: Record<string, unknown> }[] = [];
const receiver = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    received.push(JSON.parse(body));
    res.statusCode = 204;
    res.end();
  });
});

let api: TestServer;
let jobs: JobQueue;
let plan: { id: number };
beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const world = await startStakingServer({ allowPrivateRpc: true });
  api = world.api;
  plan = world.plan;
  jobs = await startBackgroundWork({
    dependencies: { ...api.dependencies, chain: api.chain },
    databaseUrl: api.databaseUrl,
    logger: createLogger('silent'),
    // The chain and expiry tasks run once at start; only the alerts matter here.
    intervals: { expiryMs: 600_000, payoutFollowMs: 600_000, depositFollowMs: 600_000 },
    webhooks: { fetch: webhookAddress(true).fetch },
  });
  const created = await api.request(
    'POST',
    '/api/admin/webhooks',
    {
      url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`,
      kind: 'standard',
      events: ['withdrawal.requested', 'withdrawal.overdue'],
    },
    world.token,
  );
  expect(created.status).toBe(201);
});
afterAll(async () => {
  await jobs.stop();
  await api.close();
  receiver.close();
});

it('a holder requesting a withdrawal is announced with its amount and token, and a withdrawal left pending past the hours once', async () => {
  const stake = await stakeFor(api, plan, { amount: '1000' });
  const requested = await api.request<Withdrawal>(
    'POST',
    '/api/withdrawals',
    { stakeId: stake.id, walletAddress: stake.walletAddress },
    { as: stake.walletAddress },
  );
  expect(requested.status).toBe(201);
  await waitUntil(async () => received.length === 1, 15_000, 'the withdrawal.requested alert');
  expect(received[0]).toEqual({
    type: 'withdrawal.requested',
    timestamp: expect.any(String),
    data: { withdrawalId: requested.body.id, wallet: stake.walletAddress, amount: requested.body.finalAmount, symbol: 'TST' },
  });

  expect(await alertOverdueWithdrawals(api.db, 12)).toBe(0);
  await api.db.query(`UPDATE withdrawals SET requested_at = now() - interval '13 hours' WHERE id = :id`, {
    replacements: { id: requested.body.id },
  });
  expect(await alertOverdueWithdrawals(api.db, 12)).toBe(1);
  // Announced once: the next check finds nothing new.
  expect(await alertOverdueWithdrawals(api.db, 12)).toBe(0);
  await waitUntil(async () => received.length === 2, 15_000, 'the withdrawal.overdue alert');
  expect(received[1]).toEqual(
    expect.objectContaining({ type: 'withdrawal.overdue', data: expect.objectContaining({ withdrawalId: requested.body.id, hours: 12 }) }),
  );
});
