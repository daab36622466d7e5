import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stake, StakingPlan, WalletSummary, Withdrawal } from '@stakedesk/shared/api-types';
import { stakeFor, startStakingServer, summaryImpliedByFullLists } from '../../test/fixtures.js';
import { newHolder, type TestServer } from '../../test/test-server.js';
import * as migration from './018-forfeited-rewards.js';

let api: TestServer;
let plan: StakingPlan;

beforeAll(async () => {
  ({ api, plan } = await startStakingServer());
});
afterAll(() => api.close());

const sql = (text: string) => api.db.query(text);

describe('migration 018 on a database with early unstakes already asked for', () => {
  it('marks their rewards forfeited and takes them out of the holder totals', async () => {
    const holder = newHolder();
    const wallet = holder.wallet;
    const early = await stakeFor(api, plan, { holder, amount: '800' });
    await stakeFor(api, plan, { holder, amount: '200' });
    const request = await api.request<Withdrawal>('POST', '/api/withdrawals', { stakeId: early.id, walletAddress: wallet }, { as: wallet });
    expect(request.body.kind).toBe('early');
    const summary = async () => (await api.request<WalletSummary>('GET', `/api/stakes/${wallet}/summary`)).body;

    await migration.down({ context: sql });
    // What the totals said before: Gold's 12.5% of 800 counted though it was given up.
    expect((await summary()).totalRewards).toBe('125');

    await migration.up({ context: sql });
    expect((await summary()).totalRewards).toBe('25');
    expect(await summary()).toEqual(await summaryImpliedByFullLists(api, wallet));
    const stakes = (await api.request<Stake[]>('GET', `/api/stakes/${wallet}`)).body;
    expect(stakes.find((s) => s.id === early.id)).toMatchObject({ status: 'pending_withdrawal', rewardForfeited: true });
  });
});
