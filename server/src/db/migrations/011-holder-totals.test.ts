import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StakingPlan, WalletSummary, Withdrawal } from '@stakedesk/shared/api-types';
import { ageStake, MINT, stakeFor, startStakingServer, summaryImpliedByFullLists } from '../../test/fixtures.js';
import { newHolder, randomTxId, type TestServer } from '../../test/test-server.js';
import * as migration from './011-holder-totals.js';
import { keepForfeitsOutOfTotals } from './018-forfeited-rewards.js';

let api: TestServer;
let token: string;
let plan: StakingPlan;

beforeAll(async () => {
  ({ api, token, plan } = await startStakingServer());
});
afterAll(() => api.close());

const sql = (text: string) => api.db.query(text);

describe('migration 011 on a database that already has stakes', () => {
  it("starts each holder's totals from the stakes there, and keeps them from then on", async () => {
    await migration.down({ context: sql });
    const holder = newHolder();
    const wallet = holder.wallet;
    const stake = (amount: string) => stakeFor(api, plan, { holder, amount });
    const withdraw = async (stakeId: number) =>
      (await api.request<Withdrawal>('POST', '/api/withdrawals', { stakeId, walletAddress: wallet }, { as: wallet })).body;

    await stake('1000'); // running
    await ageStake(api, (await stake('2000')).id, 30); // ended, not yet marked completed
    const completed = await stake('3000');
    await ageStake(api, completed.id, 30);
    await api.request('POST', '/api/admin/update-expired-stakes', undefined, token);
    await withdraw((await stake('4000')).id); // waiting for its payout
    const paid = await withdraw((await stake('5000')).id);
    const txId = randomTxId();
    api.chain.addPayout({ txId, walletAddress: wallet, amount: paid.finalAmount, mint: MINT });
    expect((await api.request('PUT', `/api/admin/withdrawals/${paid.id}`, { status: 'completed', txId }, token)).status).toBe(200);
    await stakeFor(api, plan); // someone else

    await migration.up({ context: sql });
    await keepForfeitsOutOfTotals(sql);
    const summary = async () => (await api.request<WalletSummary>('GET', `/api/stakes/${wallet}/summary`)).body;
    expect(await summary()).toEqual(await summaryImpliedByFullLists(api, wallet));
    expect((await summary()).stakes).toEqual({ running: 2, complete: 2, finished: 1 });

    await stake('600');
    expect(await summary()).toEqual(await summaryImpliedByFullLists(api, wallet));
    expect((await summary()).stakes.running).toBe(3);
  });
});
