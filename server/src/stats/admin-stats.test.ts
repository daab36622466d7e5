import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminStats } from '@stakedesk/shared/api-types';
import { stakeFor, startStakingServer } from '../test/fixtures.js';
import type { TestServer } from '../test/test-server.js';

/**
 * The admin cards with the stats kept for ten minutes (STATS_CACHE_MS), as a loaded production
 * server keeps them for 30 s: what the operator must never see is two cards that disagree, such as
 * Total Users 0 beside a Total Staked that already counts the first deposit.
 */
let api: TestServer;
let token: string;
let plan: Awaited<ReturnType<typeof startStakingServer>>['plan'];

beforeAll(async () => {
  ({ api, token, plan } = await startStakingServer({ statsCacheMs: 600_000 }));
});
afterAll(() => api.close());

const adminStats = async () => (await api.request<AdminStats>('GET', '/api/admin/stats', undefined, token)).body;

describe('the admin stat cards', () => {
  it('count a new deposit in Total Users and Total Staked together, at once, though the stats are kept for minutes', async () => {
    expect(await adminStats()).toEqual({ totalUsers: 0, totalStaked: '0', pendingWithdrawals: 0, activePlans: 1 });
    await stakeFor(api, plan, { amount: '3550' });
    // The deposit is announced to every instance in milliseconds; the cards follow it, all of them.
    await expect
      .poll(adminStats, { timeout: 5_000 })
      .toEqual({ totalUsers: 1, totalStaked: '3550', pendingWithdrawals: 0, activePlans: 1 });

    await stakeFor(api, plan, { amount: '450' });
    await expect
      .poll(adminStats, { timeout: 5_000 })
      .toEqual({ totalUsers: 2, totalStaked: '4000', pendingWithdrawals: 0, activePlans: 1 });
  });

  it('agree with each other at every moment while deposits land', async () => {
    const holdersAndStaked: AdminStats[] = [];
    const reading = (async () => {
      for (let i = 0; i < 40; i++) holdersAndStaked.push(await adminStats());
    })();
    for (let i = 0; i < 5; i++) await stakeFor(api, plan, { amount: '1000' });
    await reading;
    // Each holder here staked once, 1,000 tokens (after the 4,000 of two holders above): every answer is one moment.
    for (const stats of holdersAndStaked) expect(BigInt(stats.totalStaked)).toBe(4000n + BigInt(stats.totalUsers - 2) * 1000n);
  });
});
