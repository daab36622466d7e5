import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, Stake, StakingPlan, Withdrawal } from '@stakedesk/shared/api-types';
import { createPlan, stakeFor, startStakingServer } from '../test/fixtures.js';
import type { TestServer } from '../test/test-server.js';

let api: TestServer;
let token: string;
let gold: StakingPlan;
let silver: StakingPlan;
let stakes: Stake[];
let withdrawals: Withdrawal[];

const get = <T>(path: string) => api.request<T>('GET', path, undefined, token);
const ids = (rows: { id: number }[]) => rows.map((row) => row.id);

beforeAll(async () => {
  ({ api, token, plan: gold } = await startStakingServer());
  silver = await createPlan(api, token, { name: 'Silver 100%_off', minStakeAmount: '1' });
  stakes = [];
  for (const [plan, amount] of [
    [gold, '500'],
    [silver, '20'],
    [gold, '3000'],
    [silver, '700'],
  ] as const) {
    stakes.push(await stakeFor(api, plan, { amount }));
  }
  withdrawals = [];
  for (const stake of stakes.slice(0, 3)) {
    const response = await api.request<Withdrawal>(
      'POST',
      '/api/withdrawals',
      { stakeId: stake.id, walletAddress: stake.walletAddress },
      { as: stake.walletAddress },
    );
    withdrawals.push(response.body);
  }
});
afterAll(() => api.close());

describe('GET /api/admin/stakes: sorting and search', () => {
  it('lists the newest first by default', async () => {
    const response = await get<Stake[]>('/api/admin/stakes');
    expect(response.status).toBe(200);
    expect(ids(response.body)).toEqual(ids(stakes).reverse());
  });

  it('sorts by amount as a number, either way, and pages the sorted list', async () => {
    const ascending = await get<Stake[]>('/api/admin/stakes?sort=amount&order=asc');
    expect(ascending.body.map((s) => s.amount)).toEqual(['20', '500', '700', '3000']);
    const secondPage = await get<Stake[]>('/api/admin/stakes?sort=amount&order=desc&limit=2&offset=2');
    expect(secondPage.body.map((s) => s.amount)).toEqual(['500', '20']);
    expect(secondPage.headers.get('x-total-count')).toBe('4');
  });

  it('sorts by plan name', async () => {
    const response = await get<Stake[]>('/api/admin/stakes?sort=planName&order=asc');
    expect(response.body.map((s) => s.plan.name)).toEqual(['Gold', 'Gold', 'Silver 100%_off', 'Silver 100%_off']);
  });

  it('finds a stake by the start of its wallet, its txId, part of its plan name, or its id', async () => {
    const [first, second] = stakes as [Stake, Stake];
    const byWallet = await get<Stake[]>(`/api/admin/stakes?q=${first.walletAddress.slice(0, 10)}`);
    expect(ids(byWallet.body)).toEqual([first.id]);
    expect(byWallet.headers.get('x-total-count')).toBe('1');
    expect(ids((await get<Stake[]>(`/api/admin/stakes?q=${second.txId!.slice(0, 12)}`)).body)).toEqual([second.id]);
    expect((await get<Stake[]>('/api/admin/stakes?q=ilver')).body).toHaveLength(2);
    expect(ids((await get<Stake[]>(`/api/admin/stakes?q=${first.id}`)).body)).toContain(first.id);
  });

  it('takes % and _ in a search literally', async () => {
    expect((await get<Stake[]>(`/api/admin/stakes?q=${encodeURIComponent('100%_')}`)).body).toHaveLength(2);
    expect((await get<Stake[]>(`/api/admin/stakes?q=${encodeURIComponent('%')}`)).body).toHaveLength(2);
    expect((await get<Stake[]>('/api/admin/stakes?q=_')).body).toHaveLength(2);
  });

  it('combines search with the status filter', async () => {
    const response = await get<Stake[]>('/api/admin/stakes?q=ilver&status=active');
    expect(ids(response.body)).toEqual([stakes[3]!.id]);
  });

  it('refuses an unknown sort field, order, or an over-long search with a field message', async () => {
    const badSort = await get<ApiError>('/api/admin/stakes?sort=password');
    expect(badSort.status).toBe(400);
    expect(badSort.body.errors?.sort).toMatch(/^Sort by one of: createdAt, /);
    const badOrder = await get<ApiError>('/api/admin/stakes?order=sideways');
    expect(badOrder.status).toBe(400);
    expect(badOrder.body.errors).toEqual({ order: "Order must be 'asc' or 'desc'" });
    const longSearch = await get<ApiError>(`/api/admin/stakes?q=${'a'.repeat(101)}`);
    expect(longSearch.status).toBe(400);
    expect(longSearch.body.errors?.q).toBeDefined();
    expect((await get('/api/admin/stakes?q=a&q=b')).status).toBe(400);
  });
});

describe('GET /api/admin/withdrawals: sorting and search', () => {
  it('sorts by final amount and finds by wallet', async () => {
    const byAmount = await get<Withdrawal[]>('/api/admin/withdrawals?sort=finalAmount&order=asc');
    expect(byAmount.status).toBe(200);
    expect(byAmount.body.map((w) => w.finalAmount)).toEqual(['18', '450', '2700']);
    const target = withdrawals[1]!;
    const byWallet = await get<Withdrawal[]>(`/api/admin/withdrawals?q=${target.walletAddress}&status=pending`);
    expect(ids(byWallet.body)).toEqual([target.id]);
  });

  it('puts withdrawals not yet processed last when sorting by processed date', async () => {
    const [first] = withdrawals as [Withdrawal];
    await api.request('PUT', `/api/admin/withdrawals/${first.id}`, { status: 'rejected', reason: 'Test' }, token);
    for (const order of ['asc', 'desc']) {
      const response = await get<Withdrawal[]>(`/api/admin/withdrawals?sort=processedAt&order=${order}`);
      expect(response.body[0]!.id).toBe(first.id);
    }
  });

  it('refuses a stake sort field on withdrawals', async () => {
    const response = await get<ApiError>('/api/admin/withdrawals?sort=planName');
    expect(response.status).toBe(400);
    expect(response.body.errors?.sort).toBe('Sort by one of: requestedAt, processedAt, finalAmount, walletAddress, status');
  });
});
