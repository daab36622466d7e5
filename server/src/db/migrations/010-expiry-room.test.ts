import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryTypes } from 'sequelize';
import type { StakingPlan } from '@stakedesk/shared/api-types';
import { stakeFor, startStakingServer } from '../../test/fixtures.js';
import type { TestServer } from '../../test/test-server.js';
import { EXPIRE_BATCH_SQL } from '../../stakes/expiry.js';

let api: TestServer;
let token: string;
let plan: StakingPlan;

beforeAll(async () => {
  ({ api, token, plan } = await startStakingServer());
});
afterAll(() => api.close());

const COHORT = 60; // several pages' worth of stakes made together

/** `COHORT` stakes made together (copies of a real deposit, each its own transaction id), already due. */
async function cohortDue(): Promise<number[]> {
  const model = await stakeFor(api, plan);
  const rows = await api.db.query<{ id: number }>(
    `INSERT INTO stakes (wallet_address, plan_id, plan_name, plan_description, yield_rate, duration_days, min_stake_amount,
                         early_penalty_rate, amount, reward_amount, status, tx_id, ends_at, created_at, updated_at, token_contract, staking_wallet)
     SELECT wallet_address, plan_id, plan_name, plan_description, yield_rate, duration_days, min_stake_amount, early_penalty_rate,
            amount, reward_amount, 'active', md5(random()::text) || md5(random()::text) || n::text, now() - interval '1 second',
            created_at, created_at, token_contract, staking_wallet
     FROM stakes, generate_series(1, :count) n WHERE id = :id
     RETURNING id`,
    { replacements: { id: model.id, count: COHORT }, type: QueryTypes.SELECT },
  );
  return rows.map((row) => row.id);
}

describe('migration 010: expiry with room on every page', () => {
  it('completes a whole cohort of stakes made together in place: every update heap-only, none left due', async () => {
    const cohort = await cohortDue();
    const { completed, heapOnly } = await api.db.transaction(async (transaction) => {
      const [, completed] = await api.db.query(EXPIRE_BATCH_SQL, {
        replacements: { batch: 10_000 },
        type: QueryTypes.UPDATE,
        transaction,
      });
      // This transaction's own count, exact at once (the cumulative statistics arrive later).
      const [row] = await api.db.query<{ n: string }>(`SELECT pg_stat_get_xact_tuples_hot_updated('stakes'::regclass)::text AS n`, {
        type: QueryTypes.SELECT,
        transaction,
      });
      return { completed, heapOnly: Number(row!.n) };
    });
    expect(completed).toBe(COHORT);
    expect(heapOnly).toBe(COHORT);
    const stillDue = await api.db.query('SELECT 1 FROM stakes_due WHERE stake_id IN (:cohort)', {
      replacements: { cohort },
      type: QueryTypes.SELECT,
    });
    expect(stillDue).toEqual([]);
    const answer = await api.request<{ id: number; status: string }[]>(
      'GET',
      '/api/admin/stakes?status=completed&limit=100',
      undefined,
      token,
    );
    const listed = answer.body.filter((stake) => cohort.includes(stake.id));
    expect(listed.map((stake) => stake.status)).toEqual(cohort.map(() => 'completed'));
  });
});
