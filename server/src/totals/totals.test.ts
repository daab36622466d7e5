/**
 * The admin lists' X-Total-Count and the staked totals come from per-status counts kept by
 * triggers (migration 003-scale), not from counting the rows. Whatever happens to the stakes
 * (deposits, restakes, withdrawal requests, payouts, rejections, expiry, rows written with plain
 * SQL), the figures a client reads must equal what counting the rows gives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminStats, Stake, Stats, StakingPlan, WalletSummary, Withdrawal } from '@stakedesk/shared/api-types';
import { STAKE_STATUSES, WITHDRAWAL_STATUSES } from '@stakedesk/shared/stake-status';
import { MINT, ageStake, createPlan, stakeFor, startStakingServer, summaryImpliedByFullLists } from '../test/fixtures.js';
import { newHolder, randomTxId, type TestServer } from '../test/test-server.js';
import { compactTotals } from './totals.service.js';

let api: TestServer;
let token: string;
let gold: StakingPlan;
let silver: StakingPlan;

beforeAll(async () => {
  ({ api, token, plan: gold } = await startStakingServer());
  silver = await createPlan(api, token, { name: 'Silver', minStakeAmount: '1' });
});
afterAll(() => api.close());

const admin = <T>(path: string) => api.request<T>('GET', path, undefined, token);

async function counted(sql: string): Promise<number> {
  const [rows] = await api.db.query(sql);
  return Number((rows as { n: string }[])[0]!.n);
}

/** Every status subset the lists can be asked for, one and two at a time, and none. */
function filters(statuses: readonly string[]): (string[] | undefined)[] {
  const pairs = statuses.flatMap((a, i) => statuses.slice(i + 1).map((b) => [a, b]));
  return [undefined, ...statuses.map((s) => [s]), ...pairs];
}

async function expectTotalsMatchTheRows(): Promise<void> {
  for (const filter of filters(STAKE_STATUSES)) {
    const query = filter ? `?status=${filter.join(',')}` : '';
    const where = filter ? `WHERE status IN (${filter.map((s) => `'${s}'`).join(',')})` : '';
    const response = await admin<Stake[]>(`/api/admin/stakes${query}`);
    expect(response.headers.get('x-total-count'), `stakes ${query}`).toBe(
      String(await counted(`SELECT count(*) AS n FROM stakes ${where}`)),
    );
  }
  for (const filter of filters(WITHDRAWAL_STATUSES)) {
    const query = filter ? `?status=${filter.join(',')}` : '';
    const where = filter ? `WHERE status IN (${filter.map((s) => `'${s}'`).join(',')})` : '';
    const response = await admin<Withdrawal[]>(`/api/admin/withdrawals${query}`);
    expect(response.headers.get('x-total-count'), `withdrawals ${query}`).toBe(
      String(await counted(`SELECT count(*) AS n FROM withdrawals ${where}`)),
    );
  }
  const live = `status IN ('active', 'completed', 'pending_withdrawal')`;
  const [rows] = await api.db.query(
    `SELECT coalesce(sum(amount), 0)::text AS staked, count(DISTINCT wallet_address)::int AS stakers FROM stakes WHERE ${live}`,
  );
  const truth = (rows as { staked: string; stakers: number }[])[0]!;
  expect((await api.request<Stats>('GET', '/api/stats')).body).toEqual({ totalStaked: truth.staked, totalStakers: truth.stakers });
  const stats = (await admin<AdminStats>('/api/admin/stats')).body;
  expect(stats.totalStaked).toBe(truth.staked);
  expect(stats.pendingWithdrawals).toBe(await counted(`SELECT count(*) AS n FROM withdrawals WHERE status = 'pending'`));
  expect(stats.totalUsers).toBe(await counted('SELECT count(DISTINCT wallet_address) AS n FROM stakes'));
  // Each holder's dashboard summary (kept per holder by migration 011's triggers).
  const [wallets] = await api.db.query('SELECT DISTINCT wallet_address FROM stakes');
  for (const { wallet_address: wallet } of wallets as { wallet_address: string }[]) {
    const summary = await api.request<WalletSummary>('GET', `/api/stakes/${wallet}/summary`);
    expect(summary.body, `summary of ${wallet}`).toEqual(await summaryImpliedByFullLists(api, wallet));
  }
}

describe('X-Total-Count and the totals', () => {
  it('equal the rows after every kind of change a stake goes through', async () => {
    await expectTotalsMatchTheRows(); // empty

    // Two holders with three stakes each, so each holder's totals add up several changes.
    const holders = [newHolder(), newHolder()];
    const stakes: Stake[] = [];
    for (const [plan, amount] of [
      [gold, '500'],
      [silver, '20'],
      [gold, '3000'],
      [silver, '700'],
      [gold, '100'],
      [gold, '250'],
    ] as const) {
      stakes.push(await stakeFor(api, plan, { amount, holder: holders[stakes.length % 2] }));
    }
    await expectTotalsMatchTheRows();

    // Early withdrawal requests: one rejected (back to active), one paid out.
    const request = (stake: Stake) =>
      api.request<Withdrawal>(
        'POST',
        '/api/withdrawals',
        { stakeId: stake.id, walletAddress: stake.walletAddress },
        { as: stake.walletAddress },
      );
    const rejected = (await request(stakes[0]!)).body;
    const paid = (await request(stakes[1]!)).body;
    await request(stakes[2]!);
    await expectTotalsMatchTheRows();
    expect((await api.request('PUT', `/api/admin/withdrawals/${rejected.id}`, { status: 'rejected', reason: 'No' }, token)).status).toBe(
      200,
    );
    const txId = randomTxId();
    api.chain.addPayout({ txId, walletAddress: paid.walletAddress, amount: paid.finalAmount, mint: MINT });
    expect((await api.request('PUT', `/api/admin/withdrawals/${paid.id}`, { status: 'completed', txId }, token)).status).toBe(200);
    await expectTotalsMatchTheRows();

    // Two stakes end; the admin's expiry completes them; one is restaked.
    await ageStake(api, stakes[3]!.id, 40);
    await ageStake(api, stakes[4]!.id, 40);
    expect(
      (await api.request<{ updatedCount: number }>('POST', '/api/admin/update-expired-stakes', undefined, token)).body.updatedCount,
    ).toBe(2);
    await expectTotalsMatchTheRows();
    const restaked = await api.request(
      'POST',
      '/api/stakes/restake',
      { originalStakeId: stakes[3]!.id, planId: silver.id, walletAddress: stakes[3]!.walletAddress },
      { as: stakes[3]!.walletAddress },
    );
    expect(restaked.status).toBe(201);
    await expectTotalsMatchTheRows();

    // Rows changed with plain SQL (an operator's fix) are counted too.
    await api.db.query(`UPDATE stakes SET status = 'withdrawn', amount = amount + 1 WHERE id = :id`, {
      replacements: { id: stakes[5]!.id },
    });
    await api.db.query(`UPDATE stakes SET updated_at = now()`);
    await expectTotalsMatchTheRows();
    // And rows deleted with plain SQL (the bench removes the stakes it made).
    const removed = await stakeFor(api, silver, { amount: '40', holder: holders[0] });
    await expectTotalsMatchTheRows();
    await api.db.query('DELETE FROM stakes WHERE id = :id', { replacements: { id: removed.id } });
    await expectTotalsMatchTheRows();
  });

  it('stay the same when the deltas are folded together', async () => {
    const before = (await admin<Stake[]>('/api/admin/stakes?status=active')).headers.get('x-total-count');
    expect(await compactTotals(api.db)).toBe(true);
    expect((await admin<Stake[]>('/api/admin/stakes?status=active')).headers.get('x-total-count')).toBe(before);
    // One row per status and plan (as the stakes named it) is left.
    const [keys] = await api.db.query(
      'SELECT count(*)::int AS rows, count(DISTINCT (status, plan_id, plan_name))::int AS keys FROM stake_counts',
    );
    const { rows, keys: distinct } = (keys as { rows: number; keys: number }[])[0]!;
    expect(rows).toBe(distinct);
    // And one row per holder.
    const [holderKeys] = await api.db.query(
      'SELECT count(*)::int AS rows, count(DISTINCT wallet_address)::int AS holders FROM holder_stake_totals',
    );
    const perHolder = (holderKeys as { rows: number; holders: number }[])[0]!;
    expect(perHolder.holders).toBeGreaterThan(1);
    expect(perHolder.rows).toBe(perHolder.holders);
    await expectTotalsMatchTheRows();
  });

  it('count a search by plan name, wallet start or id, alone or together, as the rows it lists', async () => {
    const all = (await admin<Stake[]>('/api/admin/stakes?limit=1000')).body;
    const someone = all[0]!;
    for (const q of ['ilver', 'GOLD', someone.walletAddress.slice(0, 3), String(someone.id), 'nothing-like-it', '1']) {
      for (const status of ['', '&status=active', '&status=completed,withdrawn']) {
        const response = await admin<Stake[]>(`/api/admin/stakes?limit=1000&q=${encodeURIComponent(q)}${status}`);
        expect(response.headers.get('x-total-count'), `q=${q}${status}`).toBe(String(response.body.length));
      }
    }
  });
});
