import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminStats, ApiError, Stake, StakingPlan, Stats } from '@stakedesk/shared/api-types';
import { MESSAGES, noNulMessage } from '@stakedesk/shared/messages';
import * as holderSessionsMigration from '../db/migrations/007-holder-sessions.js';
import { randomTxId, randomWallet, startTestServer, STEP_UP, type TestServer } from '../test/test-server.js';
import { signedInWallet } from '../test/fixtures.js';

/** A response body: the object on success, `{message, errors?}` on failure. */
type Answer<T> = T & Partial<ApiError>;
type StakeStatus = 'active' | 'completed' | 'pending_withdrawal' | 'withdrawn';

const GOLD = { name: 'Gold', yieldRate: '12.5', durationDays: 30, minStakeAmount: '100', earlyPenaltyRate: '10' };
const MINT = randomWallet();
const STAKING_WALLET = randomWallet();

let api: TestServer;
let token: string;

beforeAll(async () => {
  api = await startTestServer();
  token = await api.login();
  // Staking opens before any stake exists: the mint cannot change once stakes are live.
  const settings = { tokenName: 'Test Token', tokenSymbol: 'TST', tokenContract: MINT, stakingWallet: STAKING_WALLET, ...STEP_UP };
  expect((await api.request('PUT', '/api/admin/settings', settings, token)).status).toBe(200);
});
afterAll(() => api.close());

const plansApi = {
  publicList: () => api.request<Answer<StakingPlan[]>>('GET', '/api/staking-plans'),
  adminList: (query = '') => api.request<Answer<StakingPlan[]>>('GET', `/api/admin/staking-plans${query}`, undefined, token),
  create: (body: unknown) => api.request<Answer<StakingPlan>>('POST', '/api/admin/staking-plans', body, token),
  update: (id: number | string, body: unknown) => api.request<Answer<StakingPlan>>('PUT', `/api/admin/staking-plans/${id}`, body, token),
  toggle: (id: number | string) => api.request<Answer<StakingPlan>>('PATCH', `/api/admin/staking-plans/${id}/toggle`, undefined, token),
  remove: (id: number | string) => api.request('DELETE', `/api/admin/staking-plans/${id}`, undefined, token),
};

async function createPlanOk(overrides: Record<string, unknown> = {}): Promise<StakingPlan> {
  const response = await plansApi.create({ ...GOLD, ...overrides });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

async function planRow(id: number): Promise<Record<string, unknown> | undefined> {
  const [rows] = await api.db.query('SELECT * FROM staking_plans WHERE id = :id', { replacements: { id } });
  return (rows as Record<string, unknown>[])[0];
}

async function countPlans(): Promise<number> {
  const [rows] = await api.db.query('SELECT count(*)::int AS n FROM staking_plans');
  return (rows as { n: number }[])[0]!.n;
}

/** A stake written straight into the database with the plan's terms as its snapshot. */
async function insertStake(
  plan: StakingPlan,
  { wallet = randomWallet(), amount = '1000', status = 'active' as StakeStatus } = {},
): Promise<{ id: number; wallet: string }> {
  const [rows] = await api.db.query(
    `INSERT INTO stakes (wallet_address, plan_id, plan_name, plan_description, yield_rate, duration_days, min_stake_amount,
                         early_penalty_rate, amount, reward_amount, status, tx_id, ends_at, token_contract, staking_wallet)
     VALUES (:wallet, :planId, :name, :description, :yieldRate, :durationDays, :minStakeAmount, :earlyPenaltyRate,
             :amount, 0, :status, :txId, now() + make_interval(days => :durationDays), :mint, :stakingWallet)
     RETURNING id`,
    {
      replacements: {
        wallet,
        mint: MINT,
        stakingWallet: STAKING_WALLET,
        planId: plan.id,
        name: plan.name,
        description: plan.description,
        yieldRate: plan.yieldRate,
        durationDays: plan.durationDays,
        minStakeAmount: plan.minStakeAmount,
        earlyPenaltyRate: plan.earlyPenaltyRate,
        amount,
        status,
        txId: randomTxId(),
      },
    },
  );
  return { id: (rows as { id: number }[])[0]!.id, wallet };
}

async function insertWithdrawal(stake: { id: number; wallet: string }, status: 'pending' | 'completed' | 'rejected') {
  await api.db.query(
    `INSERT INTO withdrawals (stake_id, wallet_address, kind, amount, reward_amount, penalty_amount, final_amount, status,
                              stake_status_before, tx_id, reject_reason, token_contract, staking_wallet)
     VALUES (:stakeId, :wallet, 'early', 1000, 0, 100, 900, :status, 'active', :txId, :reason, :mint, :stakingWallet)`,
    {
      replacements: {
        stakeId: stake.id,
        wallet: stake.wallet,
        mint: MINT,
        stakingWallet: STAKING_WALLET,
        status,
        txId: status === 'completed' ? randomTxId() : null,
        reason: status === 'rejected' ? 'not eligible' : null,
      },
    },
  );
}

/** A deposit "on chain" recorded as a stake through the holder API, as a real client does it. */
async function stakeThroughApi(plan: StakingPlan, amount = '1000'): Promise<Stake> {
  const claim = { txId: randomTxId(), walletAddress: await signedInWallet(api), amount };
  api.chain.addDeposit({ ...claim, mint: MINT, stakingWallet: STAKING_WALLET });
  const response = await api.request<Stake>(
    'POST',
    '/api/stakes',
    { planId: plan.id, status: 'active', ...claim },
    { as: claim.walletAddress },
  );
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

const publicStats = async () => (await api.request<Stats>('GET', '/api/stats')).body;
const adminStats = async () => (await api.request<AdminStats>('GET', '/api/admin/stats', undefined, token)).body;

describe('stats on a fresh install', () => {
  it('answer zero totals, totalStaked as the string "0"', async () => {
    const response = await api.request('GET', '/api/stats');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ totalStaked: '0', totalStakers: 0 });
    expect(await adminStats()).toEqual({ totalUsers: 0, totalStaked: '0', pendingWithdrawals: 0, activePlans: 0 });
  });
});

describe('POST /api/admin/staking-plans', () => {
  it('creates a plan: 201 with the plan, active by default, amounts as canonical decimal strings', async () => {
    const response = await plansApi.create({ ...GOLD, description: 'A month of gold' });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(Number),
      name: 'Gold',
      description: 'A month of gold',
      yieldRate: '12.5',
      durationDays: 30,
      minStakeAmount: '100',
      earlyPenaltyRate: '10',
      isActive: true,
      createdAt: expect.any(String),
      maxTotalStaked: null,
      maxPerWallet: null,
      remainingCapacity: null,
    });
    expect(await planRow(response.body.id)).toMatchObject({ name: 'Gold', yield_rate: '12.50', is_active: true });
  });

  it.each([
    ['"12.50"', '12.50', '12.5'],
    ['the number 12.5', 12.5, '12.5'],
    ['"7"', '7', '7'],
    ['the number 7', 7, '7'],
    ['"0.01"', '0.01', '0.01'],
  ])('answers a yield rate sent as %s as %j', async (_case, sent, answered) => {
    const plan = await createPlanOk({ yieldRate: sent });
    expect(plan.yieldRate).toBe(answered);
  });

  it.each([
    ['100.00000000', '100'],
    ['0.00000001', '0.00000001'],
    ['2500.5', '2500.5'],
    ['999999999999999.99999999', '999999999999999.99999999'],
  ])('answers a minimum stake of %s as %s', async (sent, answered) => {
    const plan = await createPlanOk({ minStakeAmount: sent });
    expect(plan.minStakeAmount).toBe(answered);
  });

  it('stores an empty description as null and accepts isActive false', async () => {
    const plan = await createPlanOk({ description: '', isActive: false });
    expect(plan.description).toBeNull();
    expect(plan.isActive).toBe(false);
  });

  it('accepts a duration sent as a string of digits (form inputs)', async () => {
    expect((await createPlanOk({ durationDays: '45' })).durationDays).toBe(45);
  });

  it.each([
    ['name', 'Plan name is required', 'planNameRequired'],
    ['yieldRate', 'Yield rate is required', 'yieldRateRequired'],
    ['durationDays', 'Duration is required', 'durationRequired'],
    ['minStakeAmount', 'Minimum stake amount is required', 'minStakeAmountRequired'],
    ['earlyPenaltyRate', 'Early penalty rate is required', 'earlyPenaltyRateRequired'],
  ])("refuses a plan without %s with the message '%s', creating nothing", async (field, message, code) => {
    const before = await countPlans();
    const { [field as keyof typeof GOLD]: _dropped, ...rest } = GOLD;
    for (const body of [rest, { ...GOLD, [field]: '' }, { ...GOLD, [field]: null }]) {
      const response = await plansApi.create(body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message, code, errors: { [field]: message }, errorCodes: { [field]: { code } } });
    }
    expect(await countPlans()).toBe(before);
  });

  it('reports every missing field at once', async () => {
    const response = await plansApi.create({});
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({
      name: 'Plan name is required',
      yieldRate: 'Yield rate is required',
      durationDays: 'Duration is required',
      minStakeAmount: 'Minimum stake amount is required',
      earlyPenaltyRate: 'Early penalty rate is required',
    });
  });

  it.each([
    ['a negative yield', { yieldRate: '-5' }, 'yieldRate'],
    ['a zero yield', { yieldRate: '0' }, 'yieldRate'],
    ['a yield over 1000', { yieldRate: '1000.01' }, 'yieldRate'],
    ['a yield with 3 decimals', { yieldRate: '12.345' }, 'yieldRate'],
    ['a yield in exponent notation', { yieldRate: '1e5' }, 'yieldRate'],
    ['a hexadecimal yield', { yieldRate: '0x10' }, 'yieldRate'],
    ['a yield of "NaN"', { yieldRate: 'NaN' }, 'yieldRate'],
    ['a yield of "Infinity"', { yieldRate: 'Infinity' }, 'yieldRate'],
    ['a yield with a comma', { yieldRate: '12,5' }, 'yieldRate'],
    ['a huge yield', { yieldRate: '9'.repeat(400) }, 'yieldRate'],
    ['a huge JSON number yield', { yieldRate: 1e308 }, 'yieldRate'],
    ['an array yield', { yieldRate: ['12.5'] }, 'yieldRate'],
    ['a zero duration', { durationDays: 0 }, 'durationDays'],
    ['a negative duration', { durationDays: -30 }, 'durationDays'],
    ['a duration of 3651 days', { durationDays: 3651 }, 'durationDays'],
    ['a fractional duration', { durationDays: 1.5 }, 'durationDays'],
    ['a duration of "1e3"', { durationDays: '1e3' }, 'durationDays'],
    ['a duration beyond any integer', { durationDays: 1e20 }, 'durationDays'],
    ['a negative minimum stake', { minStakeAmount: '-1' }, 'minStakeAmount'],
    ['a zero minimum stake', { minStakeAmount: '0' }, 'minStakeAmount'],
    ['a minimum stake with 9 decimals', { minStakeAmount: '0.000000001' }, 'minStakeAmount'],
    ['a minimum stake with 16 integer digits', { minStakeAmount: '1' + '0'.repeat(15) }, 'minStakeAmount'],
    ['a minimum stake of "1e5"', { minStakeAmount: '1e5' }, 'minStakeAmount'],
    ['a negative penalty', { earlyPenaltyRate: '-0.01' }, 'earlyPenaltyRate'],
    ['a penalty of 101', { earlyPenaltyRate: '101' }, 'earlyPenaltyRate'],
    ['a penalty with 3 decimals', { earlyPenaltyRate: '10.001' }, 'earlyPenaltyRate'],
    ['a 101-character name', { name: 'n'.repeat(101) }, 'name'],
    ['a blank name', { name: '   ' }, 'name'],
    ['a numeric name', { name: 42 }, 'name'],
    ['a 1001-character description', { description: 'd'.repeat(1001) }, 'description'],
    ['isActive as a string', { isActive: 'yes' }, 'isActive'],
    ['an unknown field', { apy: '12' }, 'apy'],
    ['an id of its own', { id: 1 }, 'id'],
  ])('refuses %s with 400 on that field, creating nothing', async (_case, overrides, field) => {
    const before = await countPlans();
    const response = await plansApi.create({ ...GOLD, ...overrides });
    expect(response.status).toBe(400);
    expect(response.body.errors).toHaveProperty([field]);
    expect(typeof response.body.message).toBe('string');
    expect(await countPlans()).toBe(before);
  });

  it.each([
    ['name', { name: 'Gold\u0000Plan' }, 'Plan name'],
    ['description', { description: 'line one\u0000line two' }, 'Description'],
  ])('refuses a NUL character in the %s with 400 instead of storing something else', async (field, overrides, label) => {
    const before = await countPlans();
    const response = await plansApi.create({ ...GOLD, ...overrides });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ [field]: noNulMessage(label) });
    expect(await countPlans()).toBe(before);
  });

  it.each([
    ['a yield of exactly 1000', { yieldRate: '1000' }],
    ['a penalty of 0', { earlyPenaltyRate: '0' }],
    ['a penalty of 99.99', { earlyPenaltyRate: '99.99' }],
    ['a duration of 1 day', { durationDays: 1 }],
    ['a duration of 3650 days', { durationDays: 3650 }],
  ])('accepts the bound %s', async (_case, overrides) => {
    await createPlanOk(overrides);
  });

  it('stores SQL-looking and script names verbatim', async () => {
    const names = [`Robert'); DROP TABLE staking_plans;--`, `' OR '1'='1`, '<script>alert(1)</script>'];
    for (const name of names) {
      const plan = await createPlanOk({ name, description: `${name} -- description` });
      expect(plan.name).toBe(name);
      expect((await plansApi.adminList()).body.find((p) => p.id === plan.id)?.name).toBe(name);
      expect((await planRow(plan.id))?.name).toBe(name);
    }
    expect(await countPlans()).toBeGreaterThan(0);
  });
});

describe('the plan lists', () => {
  it('public: only active, non-deleted plans, in id order, with decimal strings', async () => {
    const active = await createPlanOk({ name: 'Listed A', yieldRate: '12.50' });
    const inactive = await createPlanOk({ name: 'Listed B', isActive: false });
    const toggledOff = await createPlanOk({ name: 'Listed C' });
    await plansApi.toggle(toggledOff.id);
    const deleted = await createPlanOk({ name: 'Listed D' });
    await plansApi.remove(deleted.id);
    const hidden = await createPlanOk({ name: 'Listed E' });
    await insertStake(hidden);
    await plansApi.remove(hidden.id);
    const later = await createPlanOk({ name: 'Listed F', minStakeAmount: '0.5' });

    const response = await plansApi.publicList();
    expect(response.status).toBe(200);
    const ids = response.body.map((p) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids).toContain(active.id);
    expect(ids).toContain(later.id);
    for (const gone of [inactive, toggledOff, deleted, hidden]) expect(ids).not.toContain(gone.id);
    expect(response.body.every((p) => p.isActive)).toBe(true);

    const listed = response.body.find((p) => p.id === active.id)!;
    expect(listed).toMatchObject({ yieldRate: '12.5', minStakeAmount: '100', earlyPenaltyRate: '10', durationDays: 30 });
    expect(response.body.find((p) => p.id === later.id)!.minStakeAmount).toBe('0.5');
    for (const plan of response.body) {
      expect(typeof plan.yieldRate).toBe('string');
      expect(typeof plan.minStakeAmount).toBe('string');
      expect(typeof plan.earlyPenaltyRate).toBe('string');
      expect(plan.yieldRate).not.toMatch(/\.\d*0$|\.$/);
    }
  });

  it('admin: includes inactive plans but not deleted ones, in id order', async () => {
    const inactive = await createPlanOk({ name: 'Admin-listed inactive', isActive: false });
    const deleted = await createPlanOk({ name: 'Admin-listed deleted' });
    await plansApi.remove(deleted.id);
    const response = await plansApi.adminList();
    expect(response.status).toBe(200);
    const ids = response.body.map((p) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(response.body.find((p) => p.id === inactive.id)).toMatchObject({ isActive: false });
    expect(ids).not.toContain(deleted.id);
  });

  it('admin: sets X-Total-Count like every admin list', async () => {
    const response = await plansApi.adminList();
    expect(response.headers.get('x-total-count')).toBe(String(response.body.length));
  });

  it('admin: pages with limit and offset', async () => {
    const all = (await plansApi.adminList('?limit=1000')).body;
    expect(all.length).toBeGreaterThan(3);
    const page = await plansApi.adminList('?limit=2&offset=1');
    expect(page.status).toBe(200);
    expect(page.body.map((p) => p.id)).toEqual(all.slice(1, 3).map((p) => p.id));
    expect(page.headers.get('x-total-count')).toBe(String(all.length));
  });

  it('admin: refuses a limit above 1000 or a negative offset with 400', async () => {
    expect((await plansApi.adminList('?limit=1001')).status).toBe(400);
    expect((await plansApi.adminList('?offset=-1')).status).toBe(400);
  });
});

describe('PUT /api/admin/staking-plans/{id}', () => {
  it('replaces the terms and answers the updated plan', async () => {
    const plan = await createPlanOk();
    const response = await plansApi.update(plan.id, {
      name: 'Platinum',
      description: 'Longer and richer',
      yieldRate: '20.25',
      durationDays: 90,
      minStakeAmount: '250.5',
      earlyPenaltyRate: '15',
      isActive: true,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: plan.id,
      name: 'Platinum',
      description: 'Longer and richer',
      yieldRate: '20.25',
      durationDays: 90,
      minStakeAmount: '250.5',
      earlyPenaltyRate: '15',
      isActive: true,
      createdAt: plan.createdAt,
      maxTotalStaked: null,
      maxPerWallet: null,
      remainingCapacity: null,
    });
    expect((await plansApi.adminList('?limit=1000')).body.find((p) => p.id === plan.id)).toEqual(response.body);
  });

  it('validates like creation and leaves the plan unchanged when refused', async () => {
    const plan = await createPlanOk();
    const response = await plansApi.update(plan.id, { ...GOLD, yieldRate: '', durationDays: 3651 });
    expect(response.status).toBe(400);
    expect(response.body.errors).toMatchObject({ yieldRate: 'Yield rate is required' });
    expect(response.body.errors).toHaveProperty('durationDays');
    expect((await plansApi.adminList('?limit=1000')).body.find((p) => p.id === plan.id)).toEqual(plan);
  });

  it('refuses a NUL character in the name with 400, never 500, and keeps the plan', async () => {
    const plan = await createPlanOk();
    const response = await plansApi.update(plan.id, { ...GOLD, name: 'Gold\u0000Plan' });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ name: noNulMessage('Plan name') });
    expect((await plansApi.adminList('?limit=1000')).body.find((p) => p.id === plan.id)).toEqual(plan);
  });

  it('answers 404 for an unknown plan', async () => {
    const response = await plansApi.update(999999, GOLD);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: MESSAGES.planNotFound, code: 'planNotFound' });
  });

  it.each(['abc', '-1', '0', '1.5', '99999999999'])('refuses the id %s with 400', async (id) => {
    const response = await plansApi.update(id, GOLD);
    expect(response.status).toBe(400);
    expect(response.body.errors).toHaveProperty('id');
  });
});

describe('PATCH /api/admin/staking-plans/{id}/toggle', () => {
  it('flips isActive each time, and the public list follows', async () => {
    const plan = await createPlanOk();
    const off = await plansApi.toggle(plan.id);
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ ...plan, isActive: false });
    expect((await plansApi.publicList()).body.map((p) => p.id)).not.toContain(plan.id);

    const on = await plansApi.toggle(plan.id);
    expect(on.status).toBe(200);
    expect(on.body.isActive).toBe(true);
    expect((await plansApi.publicList()).body.map((p) => p.id)).toContain(plan.id);
  });

  it('answers 404 for an unknown plan and 400 for a bad id', async () => {
    expect((await plansApi.toggle(999999)).status).toBe(404);
    expect((await plansApi.toggle('abc')).status).toBe(400);
  });
});

describe('DELETE /api/admin/staking-plans/{id}', () => {
  it('removes a plan nobody staked in (204): gone from the lists and the database', async () => {
    const plan = await createPlanOk();
    const response = await plansApi.remove(plan.id);
    expect(response.status).toBe(204);
    expect(response.body).toBeUndefined();
    expect((await plansApi.adminList('?limit=1000')).body.map((p) => p.id)).not.toContain(plan.id);
    expect((await plansApi.publicList()).body.map((p) => p.id)).not.toContain(plan.id);
    expect(await planRow(plan.id)).toBeUndefined();
  });

  it('hides a plan that has stakes (soft delete): deleted_at set, gone from both lists, the stake keeps its plan', async () => {
    const plan = await createPlanOk({ name: 'Staked Gold', description: 'has a stake' });
    const stake = await insertStake(plan, { amount: '5000' });

    const response = await plansApi.remove(plan.id);
    expect(response.status).toBe(204);

    const row = await planRow(plan.id);
    expect(row).toBeDefined();
    expect(row!.deleted_at).not.toBeNull();
    expect((await plansApi.adminList('?limit=1000')).body.map((p) => p.id)).not.toContain(plan.id);
    expect((await plansApi.publicList()).body.map((p) => p.id)).not.toContain(plan.id);

    const stakes = await api.request<Stake[]>('GET', `/api/stakes/${stake.wallet}`);
    expect(stakes.status).toBe(200);
    expect(stakes.body).toHaveLength(1);
    expect(stakes.body[0]).toMatchObject({
      id: stake.id,
      amount: '5000',
      plan: {
        id: plan.id,
        name: 'Staked Gold',
        description: 'has a stake',
        yieldRate: '12.5',
        durationDays: 30,
        minStakeAmount: '100',
        earlyPenaltyRate: '10',
      },
    });
  });

  it('hides a plan a deposit intent names, though nobody staked in it yet: the intent may still become its stake', async () => {
    const plan = await createPlanOk({ name: 'Meant for' });
    await api.db.query(
      `INSERT INTO deposit_intents (reference, wallet_address, amount, plan_id, plan_name, yield_rate, duration_days,
         min_stake_amount, early_penalty_rate, token_contract, staking_wallet, expires_at)
       VALUES ('plan-delete-intent', :wallet, 1000, :planId, :name, 12.5, 30, 100, 10, :mint, :stakingWallet, now() + interval '15 minutes')`,
      { replacements: { wallet: randomWallet(), planId: plan.id, name: plan.name, mint: MINT, stakingWallet: STAKING_WALLET } },
    );

    expect((await plansApi.remove(plan.id)).status).toBe(204);
    expect((await planRow(plan.id))?.deleted_at).not.toBeNull();
    expect((await plansApi.publicList()).body.map((p) => p.id)).not.toContain(plan.id);
  });

  it('treats a hidden plan as gone: edit, toggle and delete answer 404', async () => {
    const plan = await createPlanOk();
    await insertStake(plan);
    expect((await plansApi.remove(plan.id)).status).toBe(204);
    expect((await plansApi.update(plan.id, GOLD)).status).toBe(404);
    expect((await plansApi.toggle(plan.id)).status).toBe(404);
    expect((await plansApi.remove(plan.id)).status).toBe(404);
    expect((await planRow(plan.id))?.is_active).toBe(true); // the refused toggle changed nothing
  });

  it('answers 404 for an unknown plan and 400 for a bad id', async () => {
    const unknown = await plansApi.remove(999999);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: MESSAGES.planNotFound, code: 'planNotFound' });
    expect((await plansApi.remove('1.5')).status).toBe(400);
  });
});

describe('the early penalty stays below 100% (an early payout of nothing could never be proven on chain)', () => {
  const refused = {
    message: MESSAGES.earlyPenaltyTooHigh,
    code: 'earlyPenaltyTooHigh',
    errors: { earlyPenaltyRate: MESSAGES.earlyPenaltyTooHigh },
    errorCodes: { earlyPenaltyRate: { code: 'earlyPenaltyTooHigh' } },
  };

  it.each(['100', '100.00', 100, '100.01'])('POST with %j answers 400 and creates nothing', async (earlyPenaltyRate) => {
    const before = await countPlans();
    const response = await plansApi.create({ ...GOLD, earlyPenaltyRate });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(refused);
    expect(await countPlans()).toBe(before);
  });

  it.each(['100', 100])('PUT with %j answers 400 and leaves the plan as it was', async (earlyPenaltyRate) => {
    const plan = await createPlanOk();
    const response = await plansApi.update(plan.id, { ...GOLD, name: 'Renamed', earlyPenaltyRate });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(refused);
    expect((await plansApi.adminList('?limit=1000')).body.find((p) => p.id === plan.id)).toEqual(plan);
  });

  it('accepts 99.99 on POST and PUT', async () => {
    const plan = await createPlanOk({ earlyPenaltyRate: '99.99' });
    expect(plan.earlyPenaltyRate).toBe('99.99');
    const response = await plansApi.update(plan.id, { ...GOLD, earlyPenaltyRate: '99.99', name: 'Nearly all' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ name: 'Nearly all', earlyPenaltyRate: '99.99' });
  });

  it('leaves a plan made before the rule as it was, and takes no other change to it until its penalty is below 100%', async () => {
    // The plan as an older release could store it, then the migration that brought the rule.
    const sql = (text: string) => api.db.query(text);
    await holderSessionsMigration.down({ context: sql });
    const [rows] = await api.db.query(
      `INSERT INTO staking_plans (name, yield_rate, duration_days, min_stake_amount, early_penalty_rate, created_at, updated_at)
       VALUES ('All or nothing', 5, 30, 100, 100, now(), now()) RETURNING id`,
    );
    await holderSessionsMigration.up({ context: sql });
    const id = (rows as { id: number }[])[0]!.id;
    const legacy = (await plansApi.adminList('?limit=1000')).body.find((p) => p.id === id)!;
    expect(legacy.earlyPenaltyRate).toBe('100');

    const toggled = await plansApi.toggle(id);
    expect(toggled.status).toBe(400);
    expect(toggled.body).toEqual(refused);
    expect((await planRow(id))?.is_active).toBe(true);

    expect((await plansApi.update(id, { ...GOLD, name: 'All or nothing', earlyPenaltyRate: '50' })).status).toBe(200);
    expect((await plansApi.toggle(id)).body).toMatchObject({ isActive: false, earlyPenaltyRate: '50' });
  });
});

describe("a stake's plan terms", () => {
  it('do not change when the plan is edited, deactivated or deleted', async () => {
    const plan = await createPlanOk({ description: 'original terms' });
    const stake = await stakeThroughApi(plan, '1000');
    const original = {
      id: plan.id,
      name: 'Gold',
      description: 'original terms',
      yieldRate: '12.5',
      durationDays: 30,
      minStakeAmount: '100',
      earlyPenaltyRate: '10',
    };
    expect(stake.plan).toEqual(original);
    expect(stake.rewardAmount).toBe('125');

    const edited = await plansApi.update(plan.id, {
      name: 'Gold v2',
      description: 'new terms',
      yieldRate: '50',
      durationDays: 365,
      minStakeAmount: '5000',
      earlyPenaltyRate: '40',
    });
    expect(edited.status).toBe(200);
    const expectUnchanged = async () => {
      const listed = (await api.request<Stake[]>('GET', `/api/stakes/${stake.walletAddress}`)).body;
      expect(listed).toHaveLength(1);
      expect(listed[0]).toEqual(stake);
    };
    await expectUnchanged();

    expect((await plansApi.toggle(plan.id)).status).toBe(200);
    await expectUnchanged();

    expect((await plansApi.remove(plan.id)).status).toBe(204);
    await expectUnchanged();
    expect((await planRow(plan.id))?.deleted_at).not.toBeNull();
  });
});

describe('the audit log of plan changes', () => {
  async function latestAudit() {
    return (await api.request('GET', '/api/admin/audit-log?limit=1', undefined, token)).body[0];
  }

  it('records create, update, toggle and delete with who, before and after', async () => {
    const plan = await createPlanOk({ name: 'Audited' });
    expect(await latestAudit()).toMatchObject({
      adminUsername: 'root',
      action: 'plan.create',
      entityType: 'plan',
      entityId: String(plan.id),
      before: null,
      after: { name: 'Audited', yieldRate: '12.5' },
    });

    await plansApi.update(plan.id, { ...GOLD, name: 'Audited 2', yieldRate: '13' });
    expect(await latestAudit()).toMatchObject({
      action: 'plan.update',
      before: { name: 'Audited', yieldRate: '12.5' },
      after: { name: 'Audited 2', yieldRate: '13' },
    });

    await plansApi.toggle(plan.id);
    expect(await latestAudit()).toMatchObject({ action: 'plan.toggle', before: { isActive: true }, after: { isActive: false } });

    await plansApi.remove(plan.id);
    const deletion = await latestAudit();
    expect(deletion).toMatchObject({ entityId: String(plan.id), before: { name: 'Audited 2' } });
    expect(deletion.action).toMatch(/^plan\./);
  });
});

describe('stats', () => {
  it('public: totalStaked sums active, completed and pending-withdrawal stakes exactly, as a decimal string', async () => {
    const before = await publicStats();
    const plan = await createPlanOk();
    const [w1, w2, w3] = [randomWallet(), randomWallet(), randomWallet()];
    // Together these pass Number.MAX_SAFE_INTEGER: a float sum would lose the last digits.
    await insertStake(plan, { wallet: w1, amount: '999999999999999', status: 'active' });
    await insertStake(plan, { wallet: w1, amount: '999999999999999', status: 'completed' });
    await insertStake(plan, { wallet: w2, amount: '999999999999999', status: 'pending_withdrawal' });
    await insertStake(plan, { wallet: w3, amount: '123', status: 'withdrawn' });

    const after = await publicStats();
    expect(typeof after.totalStaked).toBe('string');
    expect(after.totalStaked).toMatch(/^(0|[1-9]\d*)$/);
    expect(BigInt(after.totalStaked) - BigInt(before.totalStaked)).toBe(2_999_999_999_999_997n);
    expect(typeof after.totalStakers).toBe('number');
    expect(after.totalStakers - before.totalStakers).toBe(2); // w1 once, w2; w3 has nothing staked
    expect(Object.keys(after).sort()).toEqual(['totalStaked', 'totalStakers']);
  });

  it('admin: users, staked total, pending withdrawals and active plans', async () => {
    const before = await adminStats();
    const plan = await createPlanOk();
    const [w1, w2] = [randomWallet(), randomWallet()];
    const a = await insertStake(plan, { wallet: w1, amount: '1000', status: 'pending_withdrawal' });
    const b = await insertStake(plan, { wallet: w2, amount: '2000', status: 'withdrawn' });
    const c = await insertStake(plan, { wallet: w2, amount: '3000', status: 'active' });
    await insertWithdrawal(a, 'pending');
    await insertWithdrawal(b, 'completed');
    await insertWithdrawal(c, 'rejected');

    const after = await adminStats();
    expect(Object.keys(after).sort()).toEqual(['activePlans', 'pendingWithdrawals', 'totalStaked', 'totalUsers']);
    expect(typeof after.totalUsers).toBe('number');
    expect(typeof after.pendingWithdrawals).toBe('number');
    expect(typeof after.activePlans).toBe('number');
    expect(typeof after.totalStaked).toBe('string');
    expect(after.totalUsers - before.totalUsers).toBe(2);
    expect(BigInt(after.totalStaked) - BigInt(before.totalStaked)).toBe(4000n); // the withdrawn 2000 is gone
    expect(after.pendingWithdrawals - before.pendingWithdrawals).toBe(1);
    expect(after.activePlans - before.activePlans).toBe(1); // `plan`
    expect(after.totalStaked).toBe((await publicStats()).totalStaked);
  });

  it('admin: activePlans counts neither inactive nor deleted plans', async () => {
    const before = (await adminStats()).activePlans;
    await createPlanOk({ name: 'Counted 1' });
    await createPlanOk({ name: 'Counted 2' });
    await createPlanOk({ name: 'Created inactive', isActive: false });
    const toggled = await createPlanOk({ name: 'Toggled off' });
    await plansApi.toggle(toggled.id);
    const hardDeleted = await createPlanOk({ name: 'Deleted' });
    await plansApi.remove(hardDeleted.id);
    const softDeleted = await createPlanOk({ name: 'Hidden, still isActive in its row' });
    await insertStake(softDeleted);
    await plansApi.remove(softDeleted.id);

    expect((await adminStats()).activePlans).toBe(before + 2);
    expect((await plansApi.publicList()).body).toHaveLength(before + 2);
  });
});
