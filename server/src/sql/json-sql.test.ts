/**
 * A holder's lists are JSON that PostgreSQL writes (stakeJsonSql, finishedStakeJsonSql,
 * withdrawalJsonSql): the answers must be, byte for byte, what toStakeJson and toWithdrawalJson
 * make of the same rows read through the models, JSON.stringify'd, as the server sent them before;
 * the hardest values are written into the rows first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FindOptions } from 'sequelize';
import type { StakingPlan, Withdrawal as WithdrawalJson } from '@stakedesk/shared/api-types';
import { encodeCursor } from '../http/cursor.js';
import { stakesTable } from '../stakes/stake.model.js';
import { toStakeJson } from '../stakes/stake-json.js';
import { withdrawalsTable } from '../withdrawals/withdrawal.model.js';
import { toWithdrawalJson } from '../withdrawals/withdrawal-json.js';
import { stakeFor, startStakingServer } from '../test/fixtures.js';
import { newHolder, randomTxId, type Holder, type TestServer } from '../test/test-server.js';

let api: TestServer;
let plan: StakingPlan;
const holder: Holder = newHolder();
const wallet = holder.wallet;

// Every control character, quotes, backslash, slash, DEL, line separators, accents, an emoji.
const HARD_TEXT = `${Array.from({ length: 31 }, (_, i) => String.fromCharCode(i + 1)).join('')} "quoted" \\ / \u007f \u2028\u2029 ação 😀 '`;

const text = async (path: string) => {
  const response = await fetch(api.baseUrl + path);
  expect(response.status).toBe(200);
  return { body: await response.text(), headers: response.headers };
};
const newestFirst = {
  order: [
    ['createdAt', 'DESC'],
    ['id', 'DESC'],
  ],
  raw: true,
} satisfies FindOptions;

beforeAll(async () => {
  ({ api, plan } = await startStakingServer());
  await api.signIn(holder);
  const made = [];
  for (const amount of ['100', '250', '1000', '999']) made.push(await stakeFor(api, plan, { holder, amount }));
  const [plain, hard, paid, restaked] = made.map((stake) => stake.id);
  const set = (sql: string, replacements: Record<string, unknown>) => api.db.query(sql, { replacements });
  await set(
    `UPDATE stakes SET plan_name = :hard, plan_description = NULL, yield_rate = 12.50, min_stake_amount = 100.00000000,
       early_penalty_rate = 0.00, tx_id = NULL, over_capacity = true, restaked_from_id = :plain, duration_days = 0, duration_minutes = 2,
       created_at = '2025-03-04 05:06:07.999999+00', ends_at = '2025-04-03 05:06:07.0005+00', completed_at = '2025-04-03 06:00:00.123456+00'
     WHERE id = :id`,
    { hard: HARD_TEXT, plain, id: hard },
  );
  await set(`UPDATE stakes SET plan_description = :hard, status = 'withdrawn', completed_at = now() WHERE id IN (:paid, :restaked)`, {
    hard: HARD_TEXT,
    paid,
    restaked,
  });
  // A demo plan's minutes (DESIGN 16) are a member only the stakes made on one have.
  await set(`UPDATE stakes SET duration_days = 0, duration_minutes = 1 WHERE id = :paid`, { paid });
  await set(
    `INSERT INTO withdrawals (stake_id, wallet_address, kind, amount, reward_amount, penalty_amount, final_amount, status,
       stake_status_before, tx_id, requested_at, processed_at, created_at, updated_at, token_contract, staking_wallet)
     SELECT id, wallet_address, 'full', amount, reward_amount, 0, amount + reward_amount, 'completed', 'completed', :txId,
       '2025-05-01 00:00:00.000001+00', '2025-05-01 01:00:00.999+00', now(), now(), token_contract, staking_wallet
     FROM stakes WHERE id = :paid`,
    { txId: randomTxId(), paid },
  );
  const asked = await api.request<WithdrawalJson>('POST', '/api/withdrawals', { stakeId: plain, walletAddress: wallet }, { as: wallet });
  expect(asked.status).toBe(201);
  await set(
    `UPDATE withdrawals SET status = 'rejected', reject_reason = :hard, requested_at = '2024-12-31 23:59:59.9999+00',
       processed_at = '2025-01-01 00:00:00.0004+00' WHERE id = :id`,
    {
      hard: HARD_TEXT,
      id: asked.body.id,
    },
  );
});
afterAll(() => api.close());

describe('a holder’s lists, written by PostgreSQL', () => {
  it('answers the stakes exactly as toStakeJson of the model rows', async () => {
    const rows = await stakesTable(api.db).findAll({ where: { walletAddress: wallet }, ...newestFirst });
    const { body, headers } = await text(`/api/stakes/${wallet}`);
    expect(body).toBe(JSON.stringify(rows.map(toStakeJson)));
    expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(headers.get('x-total-count')).toBe('4');
    expect(headers.get('etag')).toMatch(/^W\/"[0-9a-f]+-/);
  });

  it('answers the finished stakes with the payout that paid each, null for a restaked one', async () => {
    const rows = await stakesTable(api.db).findAll({ where: { walletAddress: wallet, status: 'withdrawn' }, ...newestFirst });
    const payouts = await withdrawalsTable(api.db).findAll({
      where: { stakeId: rows.map((row) => row.id), status: 'completed' },
      attributes: ['stakeId', 'kind', 'finalAmount', 'penaltyAmount', 'txId'],
      raw: true,
    });
    const expected = rows.map((row) => {
      const paid = payouts.find((payout) => payout.stakeId === row.id);
      return {
        ...toStakeJson(row),
        payout: paid ? { kind: paid.kind, finalAmount: paid.finalAmount, penaltyAmount: paid.penaltyAmount, txId: paid.txId } : null,
      };
    });
    expect(expected.filter((stake) => stake.payout === null)).toHaveLength(1);
    expect((await text(`/api/stakes/${wallet}?group=finished`)).body).toBe(JSON.stringify(expected));
  });

  it('answers the withdrawals exactly as toWithdrawalJson of the model rows', async () => {
    const rows = await withdrawalsTable(api.db).findAll({
      where: { walletAddress: wallet },
      order: [
        ['requestedAt', 'DESC'],
        ['id', 'DESC'],
      ],
      raw: true,
    });
    expect(rows).toHaveLength(2);
    expect((await text(`/api/withdrawals/${wallet}`)).body).toBe(JSON.stringify(rows.map(toWithdrawalJson)));
  });

  it('pages stakes made at the same moment by id, each once', async () => {
    const other = newHolder();
    const made = [];
    for (let i = 0; i < 5; i++) made.push((await stakeFor(api, plan, { holder: other })).id);
    await api.db.query(`UPDATE stakes SET created_at = '2025-06-01 12:00:00.123456+00' WHERE id IN (:ids)`, {
      replacements: { ids: made },
    });
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const { body, headers } = await text(`/api/stakes/${other.wallet}?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...(JSON.parse(body) as { id: number }[]).map((stake) => stake.id));
      cursor = headers.get('x-next-cursor');
    } while (cursor);
    expect(seen).toEqual([...made].reverse());
  });

  it('answers 400 for a cursor made up to name no date', async () => {
    const forged = encodeCursor({ list: 'wallet-stakes', wallet, group: undefined }, { value: 'yesterday-ish', id: 1 });
    const response = await api.request('GET', `/api/stakes/${wallet}?limit=1&cursor=${forged}`);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'invalidCursor' });
  });
});
