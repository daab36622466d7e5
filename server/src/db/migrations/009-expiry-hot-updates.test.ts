import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryTypes } from 'sequelize';
import type { StakingPlan } from '@stakedesk/shared/api-types';
import { ageStake, stakeFor, stakeStatus, startStakingServer } from '../../test/fixtures.js';
import type { TestServer } from '../../test/test-server.js';
import * as migration from './009-expiry-hot-updates.js';

let api: TestServer;
let token: string;
let plan: StakingPlan;

beforeAll(async () => {
  ({ api, token, plan } = await startStakingServer());
});
afterAll(() => api.close());

const sql = (text: string) => api.db.query(text);
const dueIds = async () =>
  (await api.db.query<{ id: number }>('SELECT stake_id AS id FROM stakes_due ORDER BY stake_id', { type: QueryTypes.SELECT })).map(
    (row) => row.id,
  );

describe('migration 009 on a database that already has stakes', () => {
  it('lists exactly the active stakes as due, and the next expiry completes the ended ones', async () => {
    await migration.down({ context: sql });
    const running = await stakeFor(api, plan);
    const ended = await stakeFor(api, plan);
    await ageStake(api, ended.id, 30);
    const requested = await stakeFor(api, plan);
    await api.request(
      'POST',
      '/api/withdrawals',
      { stakeId: requested.id, walletAddress: requested.walletAddress },
      { as: requested.walletAddress },
    );

    await migration.up({ context: sql });
    expect(await dueIds()).toEqual([running.id, ended.id]);
    expect((await api.request('POST', '/api/admin/update-expired-stakes', undefined, token)).body).toEqual({ updatedCount: 1 });
    expect(await stakeStatus(api, ended.id)).toBe('completed');
    expect(await stakeStatus(api, running.id)).toBe('active');
    expect(await dueIds()).toEqual([running.id]);
  });

  it('leaves no index of stakes that mentions the status, so completing a stake can be a heap-only update', async () => {
    const indexes = await api.db.query<{ name: string; definition: string }>(
      `SELECT indexname AS name, indexdef AS definition FROM pg_indexes WHERE tablename = 'stakes'`,
      { type: QueryTypes.SELECT },
    );
    expect(indexes.length).toBeGreaterThan(5);
    expect(indexes.filter((index) => /\bstatus\b/.test(index.definition)).map((index) => index.name)).toEqual([]);
  });
});
