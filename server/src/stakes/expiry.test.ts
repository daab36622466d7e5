import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stake, StakingPlan } from '@stakedesk/shared/api-types';
import { ageStake, stakeFor, stakeStatus, startStakingServer } from '../test/fixtures.js';
import type { TestServer } from '../test/test-server.js';
import { QueryTypes, Sequelize } from 'sequelize';
import { stakeTotals } from '../totals/totals.service.js';
import { expireStakesAsAdmin, expireStakesIfFree } from './expiry.js';

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

  it('expires a stake whose withdrawal request was rejected: it is due again once active again', async () => {
    const stake = await stakeFor(api, plan);
    const requested = await api.request<{ id: number }>(
      'POST',
      '/api/withdrawals',
      { stakeId: stake.id, walletAddress: stake.walletAddress },
      { as: stake.walletAddress },
    );
    await ageStake(api, stake.id, 30);
    expect((await api.request('POST', '/api/admin/update-expired-stakes', undefined, token)).body).toEqual({ updatedCount: 0 });
    const rejected = await api.request(
      'PUT',
      `/api/admin/withdrawals/${requested.body.id}`,
      { status: 'rejected', reason: 'ask later' },
      token,
    );
    expect(rejected.status).toBe(200);
    expect(await stakeStatus(api, stake.id)).toBe('active');
    expect((await api.request('POST', '/api/admin/update-expired-stakes', undefined, token)).body).toEqual({ updatedCount: 1 });
    expect(await stakeStatus(api, stake.id)).toBe('completed');
  });

  it('follows a changed end: a stake whose end moved into the future is not expired', async () => {
    const stake = await stakeFor(api, plan);
    await ageStake(api, stake.id, 30);
    await api.db.query(`UPDATE stakes SET ends_at = now() + interval '1 day' WHERE id = :id`, { replacements: { id: stake.id } });
    expect((await api.request('POST', '/api/admin/update-expired-stakes', undefined, token)).body).toEqual({ updatedCount: 0 });
    expect(await stakeStatus(api, stake.id)).toBe('active');
  });
});

describe('a backlog larger than one batch', () => {
  async function endedStakes(count: number): Promise<Stake[]> {
    const stakes: Stake[] = [];
    for (let i = 0; i < count; i++) stakes.push(await stakeFor(api, plan));
    for (const stake of stakes) await ageStake(api, stake.id, 30);
    return stakes;
  }

  it('is expired whole, batch after batch', async () => {
    const stakes = await endedStakes(5);
    expect(await expireStakesIfFree(api.db, 2)).toBe(5);
    for (const stake of stakes) expect(await stakeStatus(api, stake.id)).toBe('completed');
    expect(await expireStakesIfFree(api.db, 2)).toBe(0);
  });

  it('is audited batch by batch for the admin who asked, each entry with what its batch did', async () => {
    await endedStakes(3);
    const [admin] = await api.db.query<{ id: number; username: string }>('SELECT id, username FROM admins ORDER BY id LIMIT 1', {
      type: QueryTypes.SELECT,
    });
    const last = (
      await api.db.query<{ last: string }>('SELECT coalesce(max(id), 0)::text AS last FROM audit_logs', { type: QueryTypes.SELECT })
    )[0]!.last;
    expect(await expireStakesAsAdmin(api.db, admin!, 2)).toBe(3);
    const entries = await api.db.query<{ action: string; after: { updatedCount: number } }>(
      'SELECT action, after FROM audit_logs WHERE id > :last ORDER BY id',
      { type: QueryTypes.SELECT, replacements: { last } },
    );
    expect(entries).toEqual([
      { action: 'stakes.expire', after: { updatedCount: 2 } },
      { action: 'stakes.expire', after: { updatedCount: 1 } },
    ]);
  });
});

describe('two instances expiring at once', () => {
  it('complete each stake once: their counts add up to the backlog, and the totals move by it exactly', async () => {
    const stakes: Stake[] = [];
    for (let i = 0; i < 9; i++) stakes.push(await stakeFor(api, plan));
    for (const stake of stakes) await ageStake(api, stake.id, 30);
    const [admin] = await api.db.query<{ id: number; username: string }>('SELECT id, username FROM admins ORDER BY id LIMIT 1', {
      type: QueryTypes.SELECT,
    });
    const completedBefore = await stakeTotals(api.db, ['completed']);
    const activeBefore = await stakeTotals(api.db, ['active']);
    // The other instance: its own connections to the same database.
    const second = new Sequelize(api.databaseUrl, { logging: false });
    try {
      const counts = await Promise.all([
        expireStakesAsAdmin(api.db, admin!, 2),
        expireStakesIfFree(second, 2),
        expireStakesAsAdmin(api.db, admin!, 3),
        expireStakesIfFree(second, 2),
      ]);
      expect(counts.reduce<number>((sum, count) => sum + (count ?? 0), 0)).toBe(9);
    } finally {
      await second.close();
    }
    for (const stake of stakes) expect(await stakeStatus(api, stake.id)).toBe('completed');
    expect((await stakeTotals(api.db, ['completed'])).count).toBe(completedBefore.count + 9);
    expect((await stakeTotals(api.db, ['active'])).count).toBe(activeBefore.count - 9);
    expect(await expireStakesIfFree(api.db)).toBe(0);
  });
});

describe('the scheduled expiry', () => {
  it('skips its round while another instance holds the expiry lock, and runs once it is free', async () => {
    const stake = await stakeFor(api, plan);
    await ageStake(api, stake.id, 30);
    const otherInstance = await api.db.transaction();
    try {
      await api.db.query('SELECT pg_advisory_xact_lock(7236002)', { transaction: otherInstance });
      expect(await expireStakesIfFree(api.db)).toBeNull();
      expect(await stakeStatus(api, stake.id)).toBe('active');
    } finally {
      await otherInstance.rollback();
    }
    expect(await expireStakesIfFree(api.db)).toBe(1);
    expect(await stakeStatus(api, stake.id)).toBe('completed');
  });
});
