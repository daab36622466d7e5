import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogEntry, Stake, StakingPlan } from '@stakedesk/shared/api-types';
import { MESSAGES } from '@stakedesk/shared/messages';
import { ageStake, countRows, createPlan, MINT, openStaking, STAKING_WALLET, stakeFor } from '../test/fixtures.js';
import { newHolder, randomTxId, startTestServer, type TestServer } from '../test/test-server.js';

let api: TestServer;
let token: string;

beforeAll(async () => {
  api = await startTestServer();
  token = await api.login();
  await openStaking(api, token);
}, 60_000);
afterAll(() => api.close());

const check = (planId: number, walletAddress: string, amount: string) =>
  api.request('POST', '/api/stakes/check', { planId, walletAddress, amount });
const publicPlan = async (id: number) => (await api.request<StakingPlan[]>('GET', '/api/staking-plans')).body.find((p) => p.id === id)!;

describe('plan caps in the plan dialog', () => {
  it('are optional, stored, answered, and cleared with null', async () => {
    const plan = await createPlan(api, token, { name: 'Capped', maxTotalStaked: '5000', maxPerWallet: '2000' } as Partial<StakingPlan>);
    expect(plan).toMatchObject({ maxTotalStaked: '5000', maxPerWallet: '2000', remainingCapacity: '5000' });
    const { id, name, description, yieldRate, durationDays, minStakeAmount, earlyPenaltyRate } = plan;
    const cleared = await api.request<StakingPlan>(
      'PUT',
      `/api/admin/staking-plans/${id}`,
      { name, description, yieldRate, durationDays, minStakeAmount, earlyPenaltyRate, maxTotalStaked: null, maxPerWallet: '' },
      token,
    );
    expect(cleared.body).toMatchObject({ maxTotalStaked: null, maxPerWallet: null, remainingCapacity: null });
  });

  it('are refused when not whole positive numbers, or the per-wallet cap is above the total', async () => {
    const base = { name: 'Bad caps', yieldRate: '5', durationDays: 10, minStakeAmount: '1', earlyPenaltyRate: '1' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ maxTotalStaked: '0' }, 'maxTotalStaked', 'Max total staked must be at least 1'],
      [{ maxTotalStaked: '-5' }, 'maxTotalStaked', 'Max total staked must be at least 1'],
      [{ maxTotalStaked: '10.5' }, 'maxTotalStaked', 'Max total staked must be a whole number'],
      [{ maxPerWallet: 'lots' }, 'maxPerWallet', 'Max per wallet must be a whole number'],
      [{ maxTotalStaked: '100', maxPerWallet: '101' }, 'maxPerWallet', MESSAGES.maxPerWalletAboveTotal],
    ];
    for (const [caps, field, message] of cases) {
      const response = await api.request('POST', '/api/admin/staking-plans', { ...base, ...caps }, token);
      expect(response.status).toBe(400);
      expect(response.body.errors[field]).toBe(message);
    }
  });
});

describe('capacity', () => {
  it('the check refuses a deposit over the plan cap or the wallet cap before the holder signs, saying what still fits', async () => {
    const plan = await createPlan(api, token, { name: 'Small', maxTotalStaked: '3000', maxPerWallet: '2000' } as Partial<StakingPlan>);
    await stakeFor(api, plan, { amount: '1500' });
    expect((await publicPlan(plan.id)).remainingCapacity).toBe('1500');

    const wallet = newHolder().wallet;
    expect((await check(plan.id, wallet, '1500')).body).toEqual({ ok: true });
    const overPlan = await check(plan.id, wallet, '1501');
    expect(overPlan.status).toBe(409);
    expect(overPlan.body.message).toBe('This staking plan has room for only 1500 TST more');

    const big = await stakeFor(api, plan, { amount: '1000' });
    const overWallet = await check(plan.id, big.walletAddress, '1001');
    expect(overWallet.body.message).toBe('This staking plan has room for only 500 TST more');
    const walletCapped = await check(plan.id, big.walletAddress, '500');
    expect(walletCapped.body).toEqual({ ok: true });

    await stakeFor(api, plan, { amount: '500' });
    expect((await publicPlan(plan.id)).remainingCapacity).toBe('0');
    expect((await check(plan.id, wallet, '100')).body.message).toBe(MESSAGES.planFull);
  });

  it("the check refuses over the wallet's own cap", async () => {
    const plan = await createPlan(api, token, { name: 'Per wallet', maxPerWallet: '1500' } as Partial<StakingPlan>);
    const stake = await stakeFor(api, plan, { amount: '1000' });
    const refused = await check(plan.id, stake.walletAddress, '501');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Your wallet can stake only 500 TST more in this plan');
    expect((await check(plan.id, newHolder().wallet, '1500')).status).toBe(200);
  });

  it('a verified deposit that arrives over the cap is recorded, flagged for the operator, and audited', async () => {
    const plan = await createPlan(api, token, { name: 'Tight', maxTotalStaked: '1000' } as Partial<StakingPlan>);
    await stakeFor(api, plan, { amount: '1000' });
    const late = await stakeFor(api, plan, { amount: '200' });
    expect(late.overCapacity).toBe(true);
    const listed = await api.request<Stake[]>('GET', `/api/admin/stakes?q=${late.walletAddress}`, undefined, token);
    expect(listed.body[0]).toMatchObject({ id: late.id, overCapacity: true });
    const audit = await api.request<AuditLogEntry[]>('GET', '/api/admin/audit-log', undefined, token);
    expect(audit.body.find((entry) => entry.action === 'stake.over_capacity' && entry.entityId === String(late.id))).toMatchObject({
      adminUsername: 'system',
      adminId: null,
      entityType: 'stake',
    });
  });

  it('a restake counts too: refused over the cap, since no tokens move', async () => {
    const plan = await createPlan(api, token, { name: 'Restake cap', maxTotalStaked: '1500' } as Partial<StakingPlan>);
    const first = await stakeFor(api, plan, { amount: '1000' });
    await ageStake(api, first.id, 30);
    await api.request('POST', '/api/admin/update-expired-stakes', undefined, token);
    await stakeFor(api, plan, { amount: '500' });
    const before = await countRows(api, 'stakes');
    const restake = await api.request(
      'POST',
      '/api/stakes/restake',
      { originalStakeId: first.id, planId: plan.id, walletAddress: first.walletAddress },
      { as: first.walletAddress },
    );
    expect(restake.status).toBe(409);
    expect(restake.body.message).toBe('This staking plan has room for only 1000 TST more');
    expect(await countRows(api, 'stakes')).toBe(before);
  });

  it('the check answers like the recording would for a closed plan or a stake below the minimum', async () => {
    const plan = await createPlan(api, token, { name: 'Closed later', minStakeAmount: '100' });
    expect((await check(plan.id, newHolder().wallet, '99')).status).toBe(400);
    await api.request('PATCH', `/api/admin/staking-plans/${plan.id}/toggle`, undefined, token);
    expect((await check(plan.id, newHolder().wallet, '100')).status).toBe(409);
    expect((await check(999_999, newHolder().wallet, '100')).status).toBe(404);
  });

  it('a plan without caps takes any deposit (no remaining capacity shown)', async () => {
    const plan = await createPlan(api, token, { name: 'Open' });
    expect((await publicPlan(plan.id)).remainingCapacity).toBeNull();
    const txId = randomTxId();
    const holder = newHolder();
    await api.signIn(holder);
    api.chain.addDeposit({ txId, walletAddress: holder.wallet, amount: '100000', mint: MINT, stakingWallet: STAKING_WALLET });
    const stake = await api.request<Stake>(
      'POST',
      '/api/stakes',
      { planId: plan.id, walletAddress: holder.wallet, amount: '100000', txId, status: 'active' },
      { as: holder.wallet },
    );
    expect(stake.body.overCapacity).toBe(false);
  });
});
