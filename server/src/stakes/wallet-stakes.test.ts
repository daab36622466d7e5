/**
 * The dashboard's reads: GET /api/stakes/{wallet}?group=&limit=&cursor= and
 * /api/withdrawals/{wallet}?limit=&cursor= page by keyset, and GET /api/stakes/{wallet}/summary
 * answers the cards as the full list implies them by the shared rules.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FinishedStake, Stake, StakingPlan, WalletSummary, Withdrawal } from '@stakedesk/shared/api-types';
import { activeStakeCount, isExpired, stakeGroup, STAKE_GROUPS } from '@stakedesk/shared/stake-status';
import { ageStake, MINT, stakeFor, startStakingServer, summaryImpliedByFullLists } from '../test/fixtures.js';
import { newHolder, randomTxId, type ApiResponse, type Holder, type TestServer } from '../test/test-server.js';

let api: TestServer;
let token: string;
let plan: StakingPlan;
const holder: Holder = newHolder();
const wallet = holder.wallet;

const stake = (amount = '1000') => stakeFor(api, plan, { holder, amount });
const withdraw = async (stakeId: number) => {
  const response = await api.request<Withdrawal>('POST', '/api/withdrawals', { stakeId, walletAddress: wallet }, { as: wallet });
  expect(response.status).toBe(201);
  return response.body;
};
const payOut = async (withdrawal: Withdrawal) => {
  const txId = randomTxId();
  api.chain.addPayout({ txId, walletAddress: wallet, amount: withdrawal.finalAmount, mint: MINT });
  const response = await api.request('PUT', `/api/admin/withdrawals/${withdrawal.id}`, { status: 'completed', txId }, token);
  expect(response.status).toBe(200);
  return txId;
};
const ids = (rows: { id: number }[]) => rows.map((row) => row.id);

/** Pages through `path` by cursor, `limit` rows a page, running `between` after each page. */
async function pageThrough<T extends { id: number }>(path: string, limit: number, between: () => Promise<unknown> = async () => {}) {
  const rows: T[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const response: ApiResponse<T[]> = await api.request('GET', `${path}${separator}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(response.status).toBe(200);
    expect(response.body.length).toBeLessThanOrEqual(limit);
    rows.push(...response.body);
    cursor = response.headers.get('x-next-cursor');
    pages++;
    await between();
  } while (cursor);
  return { rows, pages };
}

beforeAll(async () => {
  ({ api, token, plan } = await startStakingServer());
  await api.signIn(holder);
});
afterAll(() => api.close());

describe('paging a holder’s lists by cursor', () => {
  it('walks every stake once, newest first, while stakes are added and withdrawn between pages', async () => {
    for (let i = 0; i < 7; i++) await stake(String(100 + i));
    const before = (await api.request<Stake[]>('GET', `/api/stakes/${wallet}`)).body;
    let added = 0;
    const { rows, pages } = await pageThrough<Stake>(`/api/stakes/${wallet}`, 3, async () => {
      await stake('500');
      if (added++ === 0) await withdraw(before[5]!.id);
    });
    expect(pages).toBe(3);
    // Stakes made meanwhile are newer than every cursor: they are on the next first page, never mid-walk.
    expect(ids(rows)).toEqual(ids(before));
  });

  it('pages one dashboard table (group) as stakeGroup sorts the full list, the last page without a cursor', async () => {
    const ended = await stake('300');
    await ageStake(api, ended.id, 40); // past its 30 days, not yet marked completed
    const all = (await api.request<Stake[]>('GET', `/api/stakes/${wallet}`)).body;
    for (const group of STAKE_GROUPS) {
      const expected = all.filter((s) => stakeGroup(s) === group);
      const { rows } = await pageThrough<Stake>(`/api/stakes/${wallet}?group=${group}`, 2);
      expect(ids(rows), group).toEqual(ids(expected));
    }
    const complete = await api.request<Stake[]>('GET', `/api/stakes/${wallet}?group=complete`);
    expect(complete.body.map((s) => s.id)).toContain(ended.id);
    expect(complete.headers.get('x-next-cursor')).toBeNull();
  });

  it('walks the withdrawals once while more are requested between pages', async () => {
    const open = (await api.request<Stake[]>('GET', `/api/stakes/${wallet}?group=running`)).body.filter((s) => s.status === 'active');
    for (const s of open.slice(0, 4)) await withdraw(s.id);
    const before = (await api.request<Withdrawal[]>('GET', `/api/withdrawals/${wallet}`)).body;
    expect(before.length).toBeGreaterThanOrEqual(5);
    const more = open.slice(4);
    const { rows } = await pageThrough<Withdrawal>(`/api/withdrawals/${wallet}`, 2, async () => {
      const next = more.shift();
      if (next) await withdraw(next.id);
    });
    expect(ids(rows)).toEqual(ids(before));
  });

  it('shows a finished stake with the payout that paid it, and a restaked one with none', async () => {
    const paid = await stake('2000');
    await ageStake(api, paid.id, 31);
    const txId = await payOut(await withdraw(paid.id));
    const restaked = await stake('1000');
    await ageStake(api, restaked.id, 31);
    const again = await api.request(
      'POST',
      '/api/stakes/restake',
      { originalStakeId: restaked.id, planId: plan.id, walletAddress: wallet },
      { as: wallet },
    );
    expect(again.status).toBe(201);

    const finished = (await api.request<FinishedStake[]>('GET', `/api/stakes/${wallet}?group=finished`)).body;
    // Gold: 12.5% for 30 days, paid in full.
    expect(finished.find((s) => s.id === paid.id)?.payout).toEqual({ kind: 'full', finalAmount: '2250', penaltyAmount: '0', txId });
    expect(finished.find((s) => s.id === restaked.id)?.payout).toBeNull();
  });

  it.each([
    ['malformed', () => 'not a cursor!'],
    ['made for another wallet', () => cursorOf(`/api/stakes/${wallet}?group=running&limit=1`, true)],
    ['made for the whole list', () => cursorOf(`/api/stakes/${wallet}?limit=1`)],
    ['made for the withdrawals', () => cursorOf(`/api/withdrawals/${wallet}?limit=1`)],
  ])('answers 400 for a cursor %s', async (_case, cursor) => {
    const response = await api.request('GET', `/api/stakes/${wallet}?group=running&limit=1&cursor=${encodeURIComponent(await cursor())}`);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'invalidCursor', errors: { cursor: expect.any(String) } });
  });

  it('answers 400 for an unknown table, and a cursor beside an offset', async () => {
    const group = await api.request('GET', `/api/stakes/${wallet}?group=everything`);
    expect(group.status).toBe(400);
    expect(group.body.errorCodes).toEqual({ group: { code: 'stakeGroupInvalid' } });
    const cursor = await cursorOf(`/api/withdrawals/${wallet}?limit=1`);
    const both = await api.request('GET', `/api/withdrawals/${wallet}?cursor=${cursor}&offset=3`);
    expect(both.status).toBe(400);
  });
});

/** The X-Next-Cursor of the first page at `path`; `otherWallet` asks the same of a wallet with two stakes of its own. */
async function cursorOf(path: string, otherWallet = false): Promise<string> {
  if (otherWallet) {
    const other = newHolder();
    await stakeFor(api, plan, { holder: other });
    await stakeFor(api, plan, { holder: other });
    path = path.replace(wallet, other.wallet);
  }
  const response = await api.request('GET', path);
  const cursor = response.headers.get('x-next-cursor');
  expect(cursor).toBeTruthy();
  return cursor!;
}

describe('GET /api/stakes/{wallet}/summary', () => {
  const impliedByFullLists = (of: string) => summaryImpliedByFullLists(api, of);

  it('equals what the full lists imply, with every kind of stake (one ended but not yet marked completed)', async () => {
    const summary = await api.request<WalletSummary>('GET', `/api/stakes/${wallet}/summary`);
    expect(summary.status).toBe(200);
    const implied = await impliedByFullLists(wallet);
    expect(summary.body).toEqual(implied);
    // Every group and every state is among them.
    expect(Object.values(implied.stakes).every((n) => n > 0)).toBe(true);
    expect(implied.pendingWithdrawals).toBeGreaterThan(0);
    // The Active Stakes card counts the active stakes ahead of their end, not those waiting for a withdrawal.
    const stakes = (await api.request<Stake[]>('GET', `/api/stakes/${wallet}`)).body;
    expect(activeStakeCount(summary.body)).toBe(stakes.filter((s) => s.status === 'active' && !isExpired(s)).length);
    expect(activeStakeCount(summary.body)).toBeLessThan(summary.body.stakes.running);
  });

  it('counts an ended stake as complete and still staked, until it is paid', async () => {
    const other = newHolder();
    const ended = await stakeFor(api, plan, { holder: other, amount: '800' });
    await stakeFor(api, plan, { holder: other, amount: '200' });
    await ageStake(api, ended.id, 30);
    const summary = (await api.request<WalletSummary>('GET', `/api/stakes/${other.wallet}/summary`)).body;
    // Gold pays 12.5%: 100 on 800, 25 on 200.
    expect(summary).toEqual({
      totalStaked: '1000',
      totalRewards: '125',
      stakes: { running: 1, complete: 1, finished: 0 },
      pendingWithdrawals: 0,
    });
    expect(summary).toEqual(await impliedByFullLists(other.wallet));
  });

  it('never counts a reward an early unstake forfeited, and counts it again when the operator rejects that unstake', async () => {
    const other = newHolder();
    const early = await stakeFor(api, plan, { holder: other, amount: '800' });
    const ended = await stakeFor(api, plan, { holder: other, amount: '200' });
    await ageStake(api, ended.id, 30);
    const summaryOf = async () => (await api.request<WalletSummary>('GET', `/api/stakes/${other.wallet}/summary`)).body;
    const stakeOf = async (id: number) => (await api.request<Stake[]>('GET', `/api/stakes/${other.wallet}`)).body.find((s) => s.id === id)!;
    const request = async (stakeId: number) =>
      (await api.request<Withdrawal>('POST', '/api/withdrawals', { stakeId, walletAddress: other.wallet }, { as: other.wallet })).body;

    // Gold pays 12.5%: 100 on 800 (given up by unstaking early), 25 on 200 (ended: paid in full).
    const unstaked = await request(early.id);
    expect(unstaked.kind).toBe('early');
    await request(ended.id);
    expect(await summaryOf()).toEqual({
      totalStaked: '1000',
      totalRewards: '25',
      stakes: { running: 2, complete: 0, finished: 0 },
      pendingWithdrawals: 2,
    });
    expect(await summaryOf()).toEqual(await impliedByFullLists(other.wallet));
    expect(await stakeOf(early.id)).toMatchObject({ rewardAmount: '100', rewardForfeited: true });
    expect(await stakeOf(ended.id)).toMatchObject({ rewardAmount: '25', rewardForfeited: false });

    const rejected = await api.request(
      'PUT',
      `/api/admin/withdrawals/${unstaked.id}`,
      { status: 'rejected', reason: 'Asked by mistake' },
      token,
    );
    expect(rejected.status).toBe(200);
    expect((await summaryOf()).totalRewards).toBe('125');
    expect(await stakeOf(early.id)).toMatchObject({ status: 'active', rewardForfeited: false });
    expect(await summaryOf()).toEqual(await impliedByFullLists(other.wallet));
  });

  it('answers zeros for a wallet with nothing, and 400 for a malformed wallet', async () => {
    const empty = await api.request('GET', `/api/stakes/${newHolder().wallet}/summary`);
    expect(empty.body).toEqual({
      totalStaked: '0',
      totalRewards: '0',
      stakes: { running: 0, complete: 0, finished: 0 },
      pendingWithdrawals: 0,
    });
    expect((await api.request('GET', '/api/stakes/not-a-wallet/summary')).status).toBe(400);
  });
});
