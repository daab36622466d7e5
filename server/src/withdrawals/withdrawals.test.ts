import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stake, StakingPlan, Withdrawal } from '@stakedesk/shared/api-types';
import { MESSAGES } from '@stakedesk/shared/messages';
import { booksProblems } from '../test/books.js';
import { ageStake, countRows, MINT, STAKING_WALLET, stakeFor, stakeStatus, startStakingServer } from '../test/fixtures.js';
import { randomTxId, STEP_UP, type TestServer } from '../test/test-server.js';

let api: TestServer;
let token: string;
let plan: StakingPlan;

beforeAll(async () => {
  ({ api, token, plan } = await startStakingServer());
});
afterAll(() => api.close());

/** The holder of `stake`, signed in, asks to withdraw it. */
const request = (stake: { id: number; walletAddress: string }, extra: Record<string, unknown> = {}) =>
  api.request<Withdrawal>(
    'POST',
    '/api/withdrawals',
    { stakeId: stake.id, walletAddress: stake.walletAddress, ...extra },
    { as: stake.walletAddress },
  );

/** A second recorded stake of the same (signed-in) holder. */
async function anotherStakeOf(walletAddress: string) {
  const claim = { txId: randomTxId(), walletAddress, amount: '1000' };
  api.chain.addDeposit({ ...claim, mint: MINT, stakingWallet: STAKING_WALLET });
  const response = await api.request<Stake>('POST', '/api/stakes', { planId: plan.id, status: 'active', ...claim }, { as: walletAddress });
  expect(response.status).toBe(201);
  return response.body;
}

let secondAdmin: string | undefined;
async function secondAdminToken(): Promise<string> {
  if (!secondAdmin) {
    await api.request(
      'POST',
      '/api/admin/admins',
      { email: 'second@example.com', username: 'second', password: 'second password', ...STEP_UP },
      token,
    );
    secondAdmin = await api.login('second', 'second password');
  }
  return secondAdmin;
}

/** A payout transfer "on chain" for the withdrawal, then the admin's completion with its txId. */
function completeWith(withdrawal: Withdrawal, txId = randomTxId()) {
  api.chain.addPayout({ txId, walletAddress: withdrawal.walletAddress, amount: withdrawal.finalAmount, mint: MINT });
  return api.request<Withdrawal>('PUT', `/api/admin/withdrawals/${withdrawal.id}`, { status: 'completed', txId }, token);
}

describe('POST /api/withdrawals', () => {
  it('requests an early unstake: penalty charged, reward forfeited, stake pending', async () => {
    const stake = await stakeFor(api, plan);
    const response = await request(stake, { amount: '1000', finalAmount: '900', penaltyAmount: '100', status: 'pending' });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      stakeId: stake.id,
      walletAddress: stake.walletAddress,
      kind: 'early',
      amount: '1000',
      penaltyAmount: '100',
      finalAmount: '900',
      status: 'pending',
      txId: null,
      processedAt: null,
    });
    expect(await stakeStatus(api, stake.id)).toBe('pending_withdrawal');
    const listed = await api.request<Withdrawal[]>('GET', `/api/withdrawals/${stake.walletAddress}`);
    expect(listed.body.map((w) => w.id)).toEqual([response.body.id]);
  });

  it('pays principal plus reward without penalty once the period has run out, even before expiry ran', async () => {
    const stake = await stakeFor(api, plan);
    await ageStake(api, stake.id, 30);
    const response = await request(stake);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ kind: 'full', amount: '1000', penaltyAmount: '0', finalAmount: '1125' });
  });

  it('refuses amounts that differ from the server figures, and says what they are', async () => {
    const stake = await stakeFor(api, plan);
    const response = await request(stake, { amount: '1000', finalAmount: '1125', penaltyAmount: '0' });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({
      message: MESSAGES.withdrawalAmountsMismatch,
      expected: { amount: '1000', finalAmount: '900', penaltyAmount: '100', kind: 'early' },
    });
    expect(await stakeStatus(api, stake.id)).toBe('active');
  });

  it("refuses another wallet's stake, an unknown stake and a second request", async () => {
    const stake = await stakeFor(api, plan);
    const other = await stakeFor(api, plan);
    const notYours = await api.request(
      'POST',
      '/api/withdrawals',
      { stakeId: stake.id, walletAddress: other.walletAddress },
      { as: other.walletAddress },
    );
    expect(notYours.status).toBe(403);
    expect(notYours.body.message).toBe(MESSAGES.stakeOfAnotherWallet);
    expect((await request({ id: 999_999, walletAddress: stake.walletAddress })).status).toBe(404);
    expect((await request(stake)).status).toBe(201);
    const again = await request(stake);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: MESSAGES.withdrawalAlreadyOpen });
  });

  it.each([
    ['a missing stake id', { stakeId: undefined }, 'stakeId'],
    ['a text stake id', { stakeId: 'abc' }, 'stakeId'],
    ['a negative stake id', { stakeId: -4 }, 'stakeId'],
    ['a stake id beyond the id range', { stakeId: 2 ** 40 }, 'stakeId'],
    ['a fractional final amount', { finalAmount: '900.5' }, 'finalAmount'],
    ['another status', { status: 'completed' }, 'status'],
    ['an extra field', { txId: randomTxId() }, 'txId'],
  ])('refuses %s with a 400 on that field', async (_name, change, field) => {
    const stake = await stakeFor(api, plan);
    const response = await api.request(
      'POST',
      '/api/withdrawals',
      { stakeId: stake.id, walletAddress: stake.walletAddress, ...change },
      { as: stake.walletAddress },
    );
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors)).toContain(field);
    expect(await stakeStatus(api, stake.id)).toBe('active');
  });

  it('opens one withdrawal when many requests for one stake arrive together', async () => {
    const stake = await stakeFor(api, plan);
    const responses = await Promise.all(Array.from({ length: 25 }, () => request(stake)));
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 409)).toHaveLength(24);
    const [rows] = await api.db.query('SELECT count(*)::int AS n FROM withdrawals WHERE stake_id = :id', {
      replacements: { id: stake.id },
    });
    expect(rows).toEqual([{ n: 1 }]);
  });
});

describe('the holder session a withdrawal request needs', () => {
  it('answers 401 without a session, 403 for a session of another wallet, 403 from another site', async () => {
    const stake = await stakeFor(api, plan);
    const other = await stakeFor(api, plan);
    const body = { stakeId: stake.id, walletAddress: stake.walletAddress };

    const anonymous = await api.request('POST', '/api/withdrawals', body);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBe(MESSAGES.walletSessionRequired);

    const wrongWallet = await api.request('POST', '/api/withdrawals', body, { as: other.walletAddress });
    expect(wrongWallet.status).toBe(403);
    expect(wrongWallet.body.message).toBe(MESSAGES.walletNotYours);

    const forged = await api.request('POST', '/api/withdrawals', body, {
      cookie: 'stakedesk_session=eyJhbGciOiJub25lIn0.eyJ0eXAiOiJob2xkZXIifQ.',
    });
    expect(forged.status).toBe(401);

    const crossSite = await api.request('POST', '/api/withdrawals', body, { as: stake.walletAddress, origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body.message).toBe(MESSAGES.crossSiteRefused);

    expect(await stakeStatus(api, stake.id)).toBe('active');
    expect((await request(stake)).status).toBe(201);
  });
});

describe('PUT /api/admin/withdrawals/{id}', () => {
  it('completes a withdrawal with a proven payout: stake withdrawn, txId kept, audit written', async () => {
    const stake = await stakeFor(api, plan);
    const { body: withdrawal } = await request(stake);
    const txId = randomTxId();
    const response = await completeWith(withdrawal, txId);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: withdrawal.id, status: 'completed', txId });
    expect(response.body.processedAt).not.toBeNull();
    expect(await stakeStatus(api, stake.id)).toBe('withdrawn');
    const audit = await api.request('GET', '/api/admin/audit-log?limit=1', undefined, token);
    expect(audit.body[0]).toMatchObject({ action: 'withdrawal.complete', entityId: String(withdrawal.id), adminUsername: 'root' });

    const again = await completeWith(withdrawal);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: MESSAGES.withdrawalAlreadyProcessed });
  });

  it('refuses a payout the chain does not prove, changing nothing', async () => {
    const stake = await stakeFor(api, plan);
    const { body: withdrawal } = await request(stake);
    const txId = randomTxId();
    api.chain.addPayout({ txId, walletAddress: withdrawal.walletAddress, amount: '1000', mint: MINT });
    const response = await api.request('PUT', `/api/admin/withdrawals/${withdrawal.id}`, { status: 'completed', txId }, token);
    expect(response.status).toBe(422);
    expect(response.body.message).toContain('amount');
    expect(await stakeStatus(api, stake.id)).toBe('pending_withdrawal');
    const [used] = await api.db.query('SELECT 1 FROM used_transactions WHERE tx_id = :txId', { replacements: { txId } });
    expect(used).toEqual([]);
  });

  it('never counts one transfer for two withdrawals, nor a deposit as a payout', async () => {
    const stake = await stakeFor(api, plan);
    const first = (await request(stake)).body;
    const second = (await request(await anotherStakeOf(stake.walletAddress))).body;
    const txId = randomTxId();
    expect((await completeWith(first, txId)).status).toBe(200);
    // The same wallet's second withdrawal, same amount, same transaction: the one transfer paid the first already.
    const reused = await api.request('PUT', `/api/admin/withdrawals/${second.id}`, { status: 'completed', txId }, token);
    expect(reused.status).toBe(409);
    expect(reused.body.message).toBe(MESSAGES.txIdAlreadyUsed);
    expect(await stakeStatus(api, second.stakeId)).toBe('pending_withdrawal');

    const depositTx = (await stakeFor(api, plan)).txId!;
    const third = (await request(await stakeFor(api, plan))).body;
    const asPayout = await completeWith(third, depositTx);
    expect(asPayout.status).toBe(409);
    expect(asPayout.body).toMatchObject({ message: MESSAGES.txIdAlreadyUsed });
  });

  it('completes each withdrawal a batch transaction paid, with that one signature', async () => {
    const batch = await Promise.all([1, 2, 3].map(async () => (await request(await stakeFor(api, plan))).body));
    const txId = randomTxId();
    for (const withdrawal of batch)
      api.chain.addPayout({ txId, walletAddress: withdrawal.walletAddress, amount: withdrawal.finalAmount, mint: MINT });
    for (const withdrawal of batch) {
      const response = await api.request<Withdrawal>(
        'PUT',
        `/api/admin/withdrawals/${withdrawal.id}`,
        { status: 'completed', txId },
        token,
      );
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body).toMatchObject({ status: 'completed', txId });
      expect(await stakeStatus(api, withdrawal.stakeId)).toBe('withdrawn');
    }
    const [used] = await api.db.query(`SELECT purpose FROM used_transactions WHERE tx_id = :txId`, { replacements: { txId } });
    expect(used).toEqual([{ purpose: 'payout' }]);
    expect(await booksProblems(api.db)).toEqual([]);
  });

  it('refuses a batch signature for a withdrawal whose wallet the batch did not pay', async () => {
    const paid = (await request(await stakeFor(api, plan))).body;
    const unpaid = (await request(await stakeFor(api, plan))).body;
    const txId = randomTxId();
    expect((await completeWith(paid, txId)).status).toBe(200);
    const response = await api.request('PUT', `/api/admin/withdrawals/${unpaid.id}`, { status: 'completed', txId }, token);
    expect(response.status).toBe(422);
    expect(await stakeStatus(api, unpaid.stakeId)).toBe('pending_withdrawal');
  });

  it('two admins submitting the same batch signature together: each withdrawal completed once', async () => {
    const batch = await Promise.all([1, 2, 3].map(async () => (await request(await stakeFor(api, plan))).body));
    const txId = randomTxId();
    for (const withdrawal of batch)
      api.chain.addPayout({ txId, walletAddress: withdrawal.walletAddress, amount: withdrawal.finalAmount, mint: MINT });
    const other = await secondAdminToken();
    const submit = (admin: string) =>
      batch.map((withdrawal) => api.request('PUT', `/api/admin/withdrawals/${withdrawal.id}`, { status: 'completed', txId }, admin));
    const responses = await Promise.all([...submit(token), ...submit(other), ...submit(token)]);
    expect(responses.filter((r) => r.status === 200)).toHaveLength(batch.length);
    expect(responses.filter((r) => r.status === 409)).toHaveLength(2 * batch.length);
    const [rows] = await api.db.query(`SELECT count(*)::int AS n FROM withdrawals WHERE tx_id = :txId AND status = 'completed'`, {
      replacements: { txId },
    });
    expect(rows).toEqual([{ n: batch.length }]);
    expect(await booksProblems(api.db)).toEqual([]);
  });

  it('pays once when two admins complete one withdrawal with different txIds at the same moment', async () => {
    const { body: withdrawal } = await request(await stakeFor(api, plan));
    const responses = await Promise.all(Array.from({ length: 10 }, () => completeWith(withdrawal)));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 409)).toHaveLength(9);
    const [rows] = await api.db.query(
      `SELECT count(*)::int AS n FROM used_transactions u JOIN withdrawals w ON w.tx_id = u.tx_id WHERE w.id = :id`,
      {
        replacements: { id: withdrawal.id },
      },
    );
    expect(rows).toEqual([{ n: 1 }]);
  });

  it('rejects with a reason: the stake returns to where it was and the holder may ask again', async () => {
    const stake = await stakeFor(api, plan);
    const { body: withdrawal } = await request(stake);
    const response = await api.request<Withdrawal>(
      'PUT',
      `/api/admin/withdrawals/${withdrawal.id}`,
      { status: 'rejected', reason: 'Wrong wallet' },
      token,
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'rejected', rejectReason: 'Wrong wallet', txId: null });
    expect(await stakeStatus(api, stake.id)).toBe('active');
    expect((await request(stake)).status).toBe(201);
  });

  it('refuses incomplete or contradictory processing requests', async () => {
    const { body: withdrawal } = await request(await stakeFor(api, plan));
    const cases: [Record<string, unknown>, string, string][] = [
      [{ status: 'completed' }, 'txId', MESSAGES.txIdRequired],
      [{ status: 'rejected' }, 'reason', MESSAGES.rejectReasonRequired],
      [{ status: 'completed', txId: 'short' }, 'txId', MESSAGES.invalidTxId],
      [{ status: 'pending', txId: randomTxId() }, 'status', MESSAGES.withdrawalStatusInvalid],
    ];
    for (const [body, field, message] of cases) {
      const response = await api.request('PUT', `/api/admin/withdrawals/${withdrawal.id}`, body, token);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.errors[field]).toBe(message);
    }
    expect((await api.request('PUT', '/api/admin/withdrawals/999999', { status: 'rejected', reason: 'x' }, token)).status).toBe(404);
    expect((await api.request('PUT', '/api/admin/withdrawals/abc', { status: 'rejected', reason: 'x' }, token)).status).toBe(400);
  });
});

describe('GET /api/admin/withdrawals', () => {
  it('pages and filters by status with the total in X-Total-Count', async () => {
    const pending = await api.request<Withdrawal[]>('GET', '/api/admin/withdrawals?status=pending&limit=2', undefined, token);
    expect(pending.status).toBe(200);
    expect(pending.body.length).toBeLessThanOrEqual(2);
    expect(pending.body.every((w) => w.status === 'pending')).toBe(true);
    const [rows] = await api.db.query(`SELECT count(*)::int AS n FROM withdrawals WHERE status = 'pending'`);
    expect(Number(pending.headers.get('x-total-count'))).toBe((rows as { n: number }[])[0]!.n);
    expect((await api.request('GET', '/api/admin/withdrawals?status=paid', undefined, token)).status).toBe(400);
    expect((await api.request('GET', '/api/admin/withdrawals?limit=5000', undefined, token)).status).toBe(400);
    expect(await countRows(api, 'withdrawals')).toBeGreaterThan(0);
  });
});
