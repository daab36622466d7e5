import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stake, StakingPlan } from '@stakedesk/shared/api-types';
import { MESSAGES, minimumStakeMessage } from '@stakedesk/shared/messages';
import {
  ageStake,
  countRows,
  createPlan,
  MINT,
  signedInWallet,
  stakeFor,
  stakeStatus,
  STAKING_WALLET,
  startStakingServer,
} from '../test/fixtures.js';
import { randomTxId, randomWallet, STEP_UP, type TestServer } from '../test/test-server.js';

let api: TestServer;
let token: string;
let plan: StakingPlan;

beforeAll(async () => {
  ({ api, token, plan } = await startStakingServer());
});
afterAll(() => api.close());

/** A transfer "on chain" from a new, signed-in holder, and the body that records it. */
async function deposit(overrides: Record<string, unknown> = {}) {
  const claim = { txId: randomTxId(), walletAddress: await signedInWallet(api), amount: '1000' };
  api.chain.addDeposit({ ...claim, mint: MINT, stakingWallet: STAKING_WALLET });
  return { planId: plan.id, status: 'active', ...claim, ...overrides };
}

/** POST /api/stakes as the holder the body names (signed in by deposit()). */
const post = <T = any>(body: Record<string, unknown>, as = body.walletAddress) =>
  api.request<T>('POST', '/api/stakes', body, typeof as === 'string' ? { as } : {});

describe('POST /api/stakes', () => {
  it('records a proven deposit as an active stake with its plan terms and server-computed reward', async () => {
    const body = await deposit();
    const response = await post<Stake>(body);
    expect(response.status).toBe(201);
    const stake = response.body;
    expect(stake).toMatchObject({
      walletAddress: body.walletAddress,
      amount: '1000',
      rewardAmount: '125',
      status: 'active',
      txId: body.txId,
      completedAt: null,
      plan: { id: plan.id, name: 'Gold', yieldRate: '12.5', durationDays: 30, minStakeAmount: '100', earlyPenaltyRate: '10' },
    });
    expect(Date.parse(stake.endsAt) - Date.parse(stake.createdAt)).toBe(30 * 24 * 60 * 60 * 1000);
    expect(api.chain.calls).toContainEqual({ kind: 'deposit', txId: body.txId });

    const listed = await api.request<Stake[]>('GET', `/api/stakes/${body.walletAddress}`);
    expect(listed.body.map((s) => s.id)).toEqual([stake.id]);
    expect((await api.request<Stake[]>('GET', `/api/stakes/${randomWallet()}`)).body).toEqual([]);
  });

  it('returns the recorded stake when the same deposit is sent again, and refuses the txId for anything else', async () => {
    const body = await deposit();
    const first = await post<Stake>(body);
    const replay = await post<Stake>(body);
    expect(replay.status).toBe(200);
    expect(replay.body.id).toBe(first.body.id);

    for (const changed of [{ amount: '999' }, { planId: (await createPlan(api, token, { name: 'Other' })).id }]) {
      const reuse = await post({ ...body, ...changed }, body.walletAddress);
      expect(reuse.status).toBe(409);
      expect(reuse.body.message).toBe(MESSAGES.txIdAlreadyUsed);
    }
    const [rows] = await api.db.query('SELECT count(*)::int AS n FROM stakes WHERE tx_id = :tx', {
      replacements: { tx: body.txId },
    });
    expect(rows).toEqual([{ n: 1 }]);
  });

  it('records nothing when the chain does not prove the deposit (422)', async () => {
    const before = await countRows(api, 'stakes');
    const notOnChain = { planId: plan.id, txId: randomTxId(), walletAddress: await signedInWallet(api), amount: '1000' };
    const unknown = await post(notOnChain);
    expect(unknown.status).toBe(503);
    expect(unknown.body).toMatchObject({ retryable: true });
    expect(unknown.body.message).toMatch(/^Transaction not found on chain/);

    const body = await deposit();
    const inflated = await post({ ...body, amount: '5000' });
    expect(inflated.status).toBe(422);
    expect(inflated.body.message).toContain('amount');
    expect(await countRows(api, 'stakes')).toBe(before);
    const [used] = await api.db.query('SELECT 1 FROM used_transactions WHERE tx_id IN (:a, :b)', {
      replacements: { a: notOnChain.txId, b: body.txId },
    });
    expect(used).toEqual([]);
  });

  it('answers 503 and records nothing while the chain cannot be reached; the same request succeeds later', async () => {
    const body = await deposit();
    api.chain.reachable = false;
    try {
      const response = await post(body);
      expect(response.status).toBe(503);
      expect(response.body.retryable).toBe(true);
      // The chain's own reason travels inside the code's parameters, a message of its own.
      expect(response.body).toMatchObject({
        message: 'The Solana RPC endpoint is unreachable. Nothing was recorded; please try again shortly.',
        code: 'notRecordedRetry',
        params: { reason: { code: 'chainProblem', params: { detail: 'The Solana RPC endpoint is unreachable' } } },
      });
    } finally {
      api.chain.reachable = true;
    }
    const [rows] = await api.db.query('SELECT 1 FROM stakes WHERE tx_id = :tx', { replacements: { tx: body.txId } });
    expect(rows).toEqual([]);
    expect((await post(body)).status).toBe(201);
  });

  it('refuses an amount below the plan minimum with the minimum in the message', async () => {
    const response = await post(await deposit({ amount: '99' }));
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ amount: minimumStakeMessage('100', 'TST') });
  });

  it('says the below-minimum refusal by code with its parameters, so a client can show it in its own language', async () => {
    const response = await post(await deposit({ amount: '99' }));
    const belowMinimum = { code: 'minimumStake', params: { min: '100', symbol: 'TST' } };
    expect(response.body).toEqual({
      message: 'Minimum stake amount is 100 TST.',
      ...belowMinimum,
      errors: { amount: 'Minimum stake amount is 100 TST.' },
      errorCodes: { amount: belowMinimum },
    });
  });

  it('refuses unknown, inactive and deleted plans without verifying the transfer', async () => {
    const calls = api.chain.calls.length;
    expect((await post(await deposit({ planId: 999_999 }))).status).toBe(404);

    const inactive = await createPlan(api, token, { name: 'Paused' });
    await api.request('PATCH', `/api/admin/staking-plans/${inactive.id}/toggle`, undefined, token);
    const paused = await post(await deposit({ planId: inactive.id }));
    expect(paused.status).toBe(409);
    expect(paused.body.message).toBe(MESSAGES.planInactive);

    const deleted = await createPlan(api, token, { name: 'Gone' });
    await api.request('DELETE', `/api/admin/staking-plans/${deleted.id}`, undefined, token);
    expect((await post(await deposit({ planId: deleted.id }))).status).toBe(404);
    expect(api.chain.calls.length).toBe(calls);
  });

  it.each([
    ['a missing txId', { txId: undefined }, 'txId'],
    ['a malformed txId', { txId: 'not-a-signature' }, 'txId'],
    ['a missing wallet', { walletAddress: undefined }, 'walletAddress'],
    ['a fractional amount', { amount: '100.5' }, 'amount'],
    ['a negative amount', { amount: '-100' }, 'amount'],
    ['a huge amount', { amount: '9'.repeat(40) }, 'amount'],
    ['an amount of the wrong type', { amount: { $gt: 1 } }, 'amount'],
    ['a float amount', { amount: 100.5 }, 'amount'],
    ['a plan id that is text', { planId: '1; DROP TABLE stakes' }, 'planId'],
    ['another status', { status: 'completed' }, 'status'],
    ['an extra field', { rewardAmount: '1000000' }, 'rewardAmount'],
  ])('refuses %s with a 400 on that field and records nothing', async (_name, change, field) => {
    const before = await countRows(api, 'stakes');
    const body = await deposit();
    const response = await post({ ...body, ...change }, body.walletAddress);
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors)).toContain(field);
    expect(typeof response.body.errors[field]).toBe('string');
    expect(await countRows(api, 'stakes')).toBe(before);
  });

  it('refuses bodies that are not objects', async () => {
    for (const body of ['[]', '"text"', '42', 'null']) {
      const response = await api.request('POST', '/api/stakes', body, { as: await signedInWallet(api) });
      expect(response.status).toBe(400);
      expect(response.body.message).toBeTypeOf('string');
    }
  });

  it('records a deposit once when many requests send it at the same moment', async () => {
    const body = await deposit();
    const responses = await Promise.all(Array.from({ length: 25 }, () => post<Stake>(body)));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(24);
    expect(new Set(responses.map((r) => r.body.id)).size).toBe(1);
  });
});

describe('POST /api/stakes needs the depositing wallet signed in', () => {
  it('refuses a post without a session (401) and one from another wallet (403), recording nothing', async () => {
    const body = await deposit();
    const anonymous = await api.request('POST', '/api/stakes', body);
    expect(anonymous).toMatchObject({ status: 401, body: { message: MESSAGES.walletSessionRequired } });
    const bot = await signedInWallet(api);
    const frontRun = await post(body, bot);
    expect(frontRun).toMatchObject({ status: 403, body: { message: MESSAGES.walletNotYours } });
    expect((await api.db.query('SELECT 1 FROM stakes WHERE tx_id = :tx', { replacements: { tx: body.txId } }))[0]).toEqual([]);
  });

  it("lets a front-runner claim another's transfer only as their own, which the chain refuses; the holder's own post then records it", async () => {
    const body = await deposit();
    const bot = await signedInWallet(api);
    const asBot = await post({ ...body, walletAddress: bot }, bot);
    expect(asBot.status).toBe(422);
    expect((await post<Stake>(body)).status).toBe(201);
  });
});

describe('GET /api/stakes/{walletAddress}', () => {
  it('refuses something that is not a wallet address', async () => {
    const response = await api.request('GET', '/api/stakes/not-a-wallet');
    expect(response.status).toBe(400);
    expect(response.body.errors.walletAddress).toBe(MESSAGES.invalidWalletAddress);
  });
});

describe('POST /api/stakes/restake', () => {
  it('turns a completed stake into a new active stake of principal plus reward, moving no tokens', async () => {
    const original = await stakeFor(api, plan);
    await ageStake(api, original.id, 31);
    const response = await api.request<Stake>(
      'POST',
      '/api/stakes/restake',
      { originalStakeId: original.id, planId: plan.id, walletAddress: original.walletAddress },
      { as: original.walletAddress },
    );
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      amount: '1125',
      rewardAmount: '140',
      status: 'active',
      txId: `restake_${original.id}`,
      restakedFromId: original.id,
      walletAddress: original.walletAddress,
    });
    expect(await stakeStatus(api, original.id)).toBe('withdrawn');
  });

  it('refuses an active stake, another wallet, an unknown stake, no session and a second restake', async () => {
    const active = await stakeFor(api, plan);
    const as = { as: active.walletAddress };
    const early = await api.request(
      'POST',
      '/api/stakes/restake',
      { originalStakeId: active.id, planId: plan.id, walletAddress: active.walletAddress },
      as,
    );
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(MESSAGES.stakeNotRestakable);

    await ageStake(api, active.id, 31);
    const other = await stakeFor(api, plan);
    const notYours = await api.request(
      'POST',
      '/api/stakes/restake',
      { originalStakeId: active.id, planId: plan.id, walletAddress: other.walletAddress },
      { as: other.walletAddress },
    );
    expect(notYours.status).toBe(403);
    expect(notYours.body.message).toBe(MESSAGES.stakeOfAnotherWallet);

    const body = { originalStakeId: active.id, planId: plan.id, walletAddress: active.walletAddress };
    const anonymous = await api.request('POST', '/api/stakes/restake', body);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBe(MESSAGES.walletSessionRequired);
    const otherSession = await api.request('POST', '/api/stakes/restake', body, { as: other.walletAddress });
    expect(otherSession.status).toBe(403);
    expect(otherSession.body.message).toBe(MESSAGES.walletNotYours);

    const unknown = await api.request('POST', '/api/stakes/restake', { ...body, originalStakeId: 999_999 }, as);
    expect(unknown.status).toBe(404);

    expect((await api.request('POST', '/api/stakes/restake', body, as)).status).toBe(201);
    const again = await api.request('POST', '/api/stakes/restake', body, as);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MESSAGES.stakeAlreadyWithdrawn);
  });

  it('refuses a restake below the target plan minimum', async () => {
    const big = await createPlan(api, token, { name: 'Whale', minStakeAmount: '5000' });
    const original = await stakeFor(api, plan);
    await ageStake(api, original.id, 31);
    const response = await api.request(
      'POST',
      '/api/stakes/restake',
      { originalStakeId: original.id, planId: big.id, walletAddress: original.walletAddress },
      { as: original.walletAddress },
    );
    expect(response.status).toBe(400);
    expect(response.body.errors.amount).toBe(minimumStakeMessage('5000', 'TST'));
    expect(await stakeStatus(api, original.id)).toBe('active');
  });

  it('restakes once when many requests arrive together', async () => {
    const original = await stakeFor(api, plan);
    await ageStake(api, original.id, 31);
    const body = { originalStakeId: original.id, planId: plan.id, walletAddress: original.walletAddress };
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => api.request('POST', '/api/stakes/restake', body, { as: original.walletAddress })),
    );
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 409)).toHaveLength(19);
    const [rows] = await api.db.query('SELECT count(*)::int AS n FROM stakes WHERE restaked_from_id = :id', {
      replacements: { id: original.id },
    });
    expect(rows).toEqual([{ n: 1 }]);
  });
});

describe('maintenance mode', () => {
  it('stops holder mutations with the maintenance message while reads and admin calls go on', async () => {
    const message = 'Upgrading, back at noon';
    const settings = { tokenName: 'Test Token', tokenSymbol: 'TST', tokenContract: MINT, stakingWallet: STAKING_WALLET, ...STEP_UP };
    await api.request('PUT', '/api/admin/settings', { ...settings, maintenanceMode: true, maintenanceMessage: message }, token);
    try {
      const body = await deposit();
      for (const [path, payload] of [
        ['/api/stakes', body],
        ['/api/stakes/restake', { originalStakeId: 1, planId: plan.id, walletAddress: body.walletAddress }],
        ['/api/withdrawals', { stakeId: 1, walletAddress: body.walletAddress }],
      ] as const) {
        const response = await api.request('POST', path, payload, { as: body.walletAddress });
        expect(response.status).toBe(503);
        expect(response.body).toMatchObject({ message, maintenance: true });
      }
      expect((await api.request('GET', '/api/staking-plans')).status).toBe(200);
      expect((await api.request('GET', '/api/admin/stakes', undefined, token)).status).toBe(200);
      const [rows] = await api.db.query('SELECT 1 FROM stakes WHERE tx_id = :tx', { replacements: { tx: body.txId } });
      expect(rows).toEqual([]);
    } finally {
      await api.request('PUT', '/api/admin/settings', { ...settings, maintenanceMode: false }, token);
    }
  });
});
