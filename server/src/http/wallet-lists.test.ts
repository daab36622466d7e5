/**
 * GET /api/stakes/{wallet} and /api/withdrawals/{wallet}: a plain JSON array, 1000 rows
 * to a page, newest first, with X-Total-Count so a holder with more can ask for the rest.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stake, StakingPlan, Withdrawal } from '@stakedesk/shared/api-types';
import { startStakingServer, MINT, STAKING_WALLET } from '../test/fixtures.js';
import { newHolder, randomTxId, type TestServer } from '../test/test-server.js';

let api: TestServer;
let plan: StakingPlan;
const holder = newHolder();
const stakes: Stake[] = [];
const withdrawals: Withdrawal[] = [];

beforeAll(async () => {
  ({ api, plan } = await startStakingServer());
  await api.signIn(holder);
  for (const amount of ['100', '200', '300']) {
    const claim = { txId: randomTxId(), walletAddress: holder.wallet, amount };
    api.chain.addDeposit({ ...claim, mint: MINT, stakingWallet: STAKING_WALLET });
    const response = await api.request<Stake>(
      'POST',
      '/api/stakes',
      { planId: plan.id, status: 'active', ...claim },
      { as: holder.wallet },
    );
    expect(response.status).toBe(201);
    stakes.push(response.body);
  }
  for (const stake of stakes.slice(0, 2)) {
    const response = await api.request<Withdrawal>(
      'POST',
      '/api/withdrawals',
      { stakeId: stake.id, walletAddress: holder.wallet },
      { as: holder.wallet },
    );
    expect(response.status).toBe(201);
    withdrawals.push(response.body);
  }
});
afterAll(() => api.close());

const ids = (rows: { id: number }[]) => rows.map((row) => row.id);

describe.each([
  ['stakes', () => stakes],
  ['withdrawals', () => withdrawals],
] as const)('GET /api/%s/{wallet}', (list, made) => {
  it('answers every row, newest first, with the total', async () => {
    const response = await api.request<{ id: number }[]>('GET', `/api/${list}/${holder.wallet}`);
    expect(response.status).toBe(200);
    expect(ids(response.body)).toEqual(ids(made()).reverse());
    expect(response.headers.get('x-total-count')).toBe(String(made().length));
  });

  it('pages with ?limit=&offset=, the total on every page', async () => {
    const newestFirst = ids(made()).reverse();
    const first = await api.request<{ id: number }[]>('GET', `/api/${list}/${holder.wallet}?limit=1`);
    expect(ids(first.body)).toEqual(newestFirst.slice(0, 1));
    expect(first.headers.get('x-total-count')).toBe(String(made().length));
    const rest = await api.request<{ id: number }[]>('GET', `/api/${list}/${holder.wallet}?limit=1000&offset=1`);
    expect(ids(rest.body)).toEqual(newestFirst.slice(1));
    expect(rest.headers.get('x-total-count')).toBe(String(made().length));
    const past = await api.request<{ id: number }[]>('GET', `/api/${list}/${holder.wallet}?offset=50`);
    expect(past.body).toEqual([]);
    expect(past.headers.get('x-total-count')).toBe(String(made().length));
  });

  it('answers an empty list with a total of 0 for a wallet with nothing', async () => {
    const response = await api.request('GET', `/api/${list}/${newHolder().wallet}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual([]);
    expect(response.headers.get('x-total-count')).toBe('0');
  });

  it.each(['limit=0', 'limit=1001', 'limit=ten', 'offset=-1', 'limit=1&limit=2'])('refuses ?%s with a field message', async (query) => {
    const response = await api.request('GET', `/api/${list}/${holder.wallet}?${query}`);
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors)).toEqual([query.split('=')[0]]);
  });
});
