import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stake, StakingPlan, Withdrawal } from '@stakedesk/shared/api-types';
import { STAKE_SORT_FIELDS, WITHDRAWAL_SORT_FIELDS } from '@stakedesk/shared/schemas';
import { ageStake, createPlan, stakeFor, startStakingServer } from '../test/fixtures.js';
import type { TestServer } from '../test/test-server.js';

let api: TestServer;
let token: string;
let gold: StakingPlan;
let silver: StakingPlan;

const get = <T>(path: string) => api.request<T>('GET', path, undefined, token);
const ids = (rows: { id: number }[]) => rows.map((row) => row.id);
const join = (path: string, params: string) => `${path}${path.includes('?') ? '&' : '?'}${params}`;

/** Every page of a list, following X-Next-Cursor from the first; `between` runs after each page. */
async function walk(path: string, limit: number, between: (page: number) => Promise<void> = async () => {}): Promise<number[]> {
  const seen: number[] = [];
  let response = await get<{ id: number }[]>(join(path, `limit=${limit}`));
  for (let page = 1; ; page++) {
    expect(response.status).toBe(200);
    expect(response.body.length).toBeLessThanOrEqual(limit);
    seen.push(...ids(response.body));
    const cursor = response.headers.get('x-next-cursor');
    if (!cursor) return seen;
    expect(response.body.length).toBe(limit);
    await between(page);
    response = await get<{ id: number }[]>(join(path, `limit=${limit}&cursor=${cursor}`));
  }
}

/** The whole list in one page, by offset: what the cursor pages must add up to. */
const whole = async (path: string) => ids((await get<{ id: number }[]>(join(path, 'limit=1000'))).body);

beforeAll(async () => {
  ({ api, token, plan: gold } = await startStakingServer());
  silver = await createPlan(api, token, { name: 'Silver', minStakeAmount: '1' });
  // Equal amounts and plan names on purpose: ties are where a keyset page can skip or repeat a row.
  const amounts = ['500', '20', '500', '3000', '700', '20', '500', '15', '3000', '42'];
  const made: Stake[] = [];
  for (const [i, amount] of amounts.entries()) made.push(await stakeFor(api, i % 2 ? silver : gold, { amount }));
  for (const stake of made.slice(0, 4)) {
    await api.request<Withdrawal>(
      'POST',
      '/api/withdrawals',
      { stakeId: stake.id, walletAddress: stake.walletAddress },
      { as: stake.walletAddress },
    );
  }
  // Some stakes past their end, completed: completedAt set on some rows, empty on the others.
  for (const stake of made.slice(5, 8)) await ageStake(api, stake.id, 400);
  expect((await api.request('POST', '/api/admin/update-expired-stakes', undefined, token)).status).toBe(200);
});
afterAll(() => api.close());

describe('admin lists paged by cursor', () => {
  it('answers X-Next-Cursor on every page but the last, and X-Total-Count on each', async () => {
    const first = await get<Stake[]>('/api/admin/stakes?limit=4');
    expect(first.headers.get('x-total-count')).toBe('10');
    expect(first.headers.get('x-next-cursor')).toMatch(/^[A-Za-z0-9_-]+$/);
    const all = await get<Stake[]>('/api/admin/stakes?limit=10');
    expect(all.headers.get('x-next-cursor')).toBeNull();
  });

  for (const sort of STAKE_SORT_FIELDS) {
    for (const order of ['asc', 'desc']) {
      it(`pages stakes sorted by ${sort} ${order} exactly as the whole list`, async () => {
        const path = `/api/admin/stakes?sort=${sort}&order=${order}`;
        expect(await walk(path, 3)).toEqual(await whole(path));
      });
    }
  }

  for (const sort of WITHDRAWAL_SORT_FIELDS) {
    for (const order of ['asc', 'desc']) {
      it(`pages withdrawals sorted by ${sort} ${order} exactly as the whole list`, async () => {
        const path = `/api/admin/withdrawals?sort=${sort}&order=${order}`;
        expect(await walk(path, 1)).toEqual(await whole(path));
      });
    }
  }

  it('pages a search and a status filter', async () => {
    for (const path of [
      '/api/admin/stakes?q=Silver',
      '/api/admin/stakes?status=active,pending_withdrawal&sort=amount&order=desc',
      '/api/admin/stakes?status=completed&sort=completedAt',
      '/api/admin/withdrawals?status=pending&sort=finalAmount',
    ]) {
      const all = await whole(path);
      expect(all.length).toBeGreaterThan(1);
      expect(await walk(path, 1)).toEqual(all);
    }
  });

  it('pages the audit log, payouts, admins and plans', async () => {
    for (const path of ['/api/admin/audit-log', '/api/admin/payouts', '/api/admin/admins', '/api/admin/staking-plans']) {
      expect(await walk(path, 1)).toEqual(await whole(path));
    }
  });

  it('skips and repeats no row while stakes are made and completed between page requests', async () => {
    for (const path of ['/api/admin/stakes', '/api/admin/stakes?sort=amount&order=asc', '/api/admin/stakes?sort=endsAt&order=desc']) {
      // Stakes past their end but not yet completed: the expiry between pages completes them, as the scheduled job would.
      const open = (await get<Stake[]>('/api/admin/stakes?status=active&limit=1000')).body;
      for (const stake of open.slice(0, 3)) await ageStake(api, stake.id, 400);
      const before = await whole(path);
      let completed = 0;
      const seen = await walk(path, 2, async () => {
        await stakeFor(api, gold, { amount: '500' });
        const expiry = await api.request<{ updatedCount: number }>('POST', '/api/admin/update-expired-stakes', undefined, token);
        completed += expiry.body.updatedCount;
      });
      expect(completed).toBeGreaterThan(0);
      expect(new Set(seen).size).toBe(seen.length);
      for (const id of before) expect(seen).toContain(id);
    }
  });
});

describe('a cursor that does not fit', () => {
  const refused = async (path: string) => {
    const response = await get<{ message: string; errors: Record<string, string> }>(path);
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors)).toEqual([expect.stringMatching(/^(cursor|offset)$/)]);
    expect(JSON.stringify(response.body)).not.toMatch(/stack|at \w+ \(/);
  };

  it('is refused with 400 when malformed, tampered with, or made for another list, sort, search or filter', async () => {
    const cursor = (await get<Stake[]>('/api/admin/stakes?sort=amount&limit=2')).headers.get('x-next-cursor')!;
    expect((await get(`/api/admin/stakes?sort=amount&limit=2&cursor=${cursor}`)).status).toBe(200);
    await refused('/api/admin/stakes?cursor=not-a-cursor');
    await refused('/api/admin/stakes?cursor=%25%25%25');
    await refused(`/api/admin/stakes?cursor=${'A'.repeat(2000)}`);
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(cursor, 'base64url').toString()), id: -1 })).toString(
      'base64url',
    );
    await refused(`/api/admin/stakes?sort=amount&cursor=${forged}`);
    await refused(`/api/admin/stakes?sort=createdAt&cursor=${cursor}`);
    await refused(`/api/admin/stakes?sort=amount&order=asc&cursor=${cursor}`);
    await refused(`/api/admin/stakes?sort=amount&q=Gold&cursor=${cursor}`);
    await refused(`/api/admin/stakes?sort=amount&status=active&cursor=${cursor}`);
    await refused(`/api/admin/withdrawals?cursor=${cursor}`);
    await refused(`/api/admin/audit-log?cursor=${cursor}`);
    await refused(`/api/admin/stakes?sort=amount&offset=2&cursor=${cursor}`);
  });
});
