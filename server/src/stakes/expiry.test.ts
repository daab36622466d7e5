import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stake, StakingPlan } from '@stakedesk/shared/api-types';
import { ageStake, stakeFor, stakeStatus, startStakingServer } from '../test/fixtures.js';
import type { TestServer } from '../test/test-server.js';
import { expireStakesIfFree } from './expiry.js';

let api: TestServer;
let token: string;
let plan: StakingPlan;

beforeAll(async () => {
  ({ api, token, plan } = await startStakingServer());
});
afterAll(() => api.close());

describe('Update Expired Stakes', () => {
  it('completes every active stake whose period ended, and only those', async () => {
    const ended = [await stakeFor(api, plan), await stakeFor(api, plan)];
    const running = await stakeFor(api, plan);
    for (const stake of ended) await ageStake(api, stake.id, 30);

    const response = await api.request('POST', '/api/admin/update-expired-stakes', undefined, token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ updatedCount: 2 });
    for (const stake of ended) expect(await stakeStatus(api, stake.id)).toBe('completed');
    expect(await stakeStatus(api, running.id)).toBe('active');

    const listed = await api.request<Stake[]>('GET', `/api/stakes/${ended[0]!.walletAddress}`);
    expect(listed.body[0]!.completedAt).not.toBeNull();
    expect((await api.request('POST', '/api/admin/update-expired-stakes', undefined, token)).body).toEqual({ updatedCount: 0 });
  });

  it('leaves a stake with a pending withdrawal alone', async () => {
    const stake = await stakeFor(api, plan);
    await api.request('POST', '/api/withdrawals', { stakeId: stake.id, walletAddress: stake.walletAddress }, { as: stake.walletAddress });
    await ageStake(api, stake.id, 30);
    await api.request('POST', '/api/admin/update-expired-stakes', undefined, token);
    expect(await stakeStatus(api, stake.id)).toBe('pending_withdrawal');
  });
});

describe('the scheduled expiry', () => {
  it('skips its round while another instance holds the expiry lock, and runs once it is free', async () => {
    const stake = await stakeFor(api, plan);
    await ageStake(api, stake.id, 30);
    const otherInstance = await api.sequelize.transaction();
    try {
      await api.sequelize.query('SELECT pg_advisory_xact_lock(7236002)', { transaction: otherInstance });
      expect(await expireStakesIfFree(api.sequelize)).toBeNull();
      expect(await stakeStatus(api, stake.id)).toBe('active');
    } finally {
      await otherInstance.rollback();
    }
    expect(await expireStakesIfFree(api.sequelize)).toBe(1);
    expect(await stakeStatus(api, stake.id)).toBe('completed');
  });
});
