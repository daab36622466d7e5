import { createTransferCheckedInstruction, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Keypair, Transaction, type PublicKey } from '@solana/web3.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Stake, StakingPlan, Withdrawal } from '@stakedesk/shared/api-types';
import { SolanaChain } from '../chain/solana-chain.js';
import { booksProblems } from '../test/books.js';
import { ageStake, createPlan } from '../test/fixtures.js';
import { countStatuses, releaseTogether, type RawRequest } from '../test/release-together.js';
import { startTestChain, type TestChain } from '@stakedesk/test-support/test-chain';
import { newHolder, startTestServer, STEP_UP, type Holder, type TestServer } from '../test/test-server.js';

// Races in the style of single-packet attacks, against the real verifier on the test chain: many
// identical requests reach the server together. Exactly one may win; the books must balance after.
const DECIMALS = 6;
const RACERS = 40;
const tokens = (whole: number | bigint) => BigInt(whole) * 10n ** BigInt(DECIMALS);

let chain: TestChain;
let api: TestServer;
let rootToken: string;
let otherAdminToken: string;
let plan: StakingPlan;
let mint: PublicKey;
const stakingWallet = Keypair.generate();

beforeAll(async () => {
  chain = await startTestChain();
  mint = await chain.createMint(DECIMALS);
  await chain.airdrop(stakingWallet.publicKey, 10_000_000_000);
  await chain.mintTo(mint, stakingWallet.publicKey, tokens(1_000_000));
  api = await startTestServer({ realChain: new SolanaChain(async () => chain.url) });
  rootToken = await api.login();
  const settings = {
    tokenName: 'Race Token',
    tokenSymbol: 'RCE',
    tokenContract: mint.toBase58(),
    stakingWallet: stakingWallet.publicKey.toBase58(),
    ...STEP_UP,
  };
  expect((await api.request('PUT', '/api/admin/settings', settings, rootToken)).status).toBe(200);
  plan = await createPlan(api, rootToken, { minStakeAmount: '100', yieldRate: '10', earlyPenaltyRate: '20', durationDays: 30 });
  await api.request(
    'POST',
    '/api/admin/admins',
    { email: 'second@example.com', username: 'second', password: 'second password', ...STEP_UP },
    rootToken,
  );
  otherAdminToken = await api.login('second', 'second password');
}, 60_000);
afterAll(async () => {
  await api.close();
  await chain.close();
});
afterEach(async () => {
  expect(await booksProblems(api.db)).toEqual([]);
});

type Staker = { holder: Holder; keypair: Keypair; cookie: string };

async function newStaker(): Promise<Staker> {
  const holder = newHolder();
  const keypair = Keypair.fromSecretKey(holder.secretKey);
  await chain.airdrop(keypair.publicKey, 1_000_000_000);
  await chain.mintTo(mint, keypair.publicKey, tokens(10_000));
  return { holder, keypair, cookie: await api.signIn(holder) };
}

const deposit = (staker: Staker, amount: number) =>
  chain.transfer({ mint, from: staker.keypair, to: stakingWallet.publicKey, rawAmount: tokens(amount), decimals: DECIMALS });

const recordRequest = (staker: Staker, txId: string, amount: number, planId = plan.id): RawRequest => ({
  method: 'POST',
  path: '/api/stakes',
  body: { planId, walletAddress: staker.holder.wallet, txId, amount: String(amount), status: 'active' },
  headers: { cookie: staker.cookie },
});

async function stakeOf(staker: Staker, amount = 1000): Promise<Stake> {
  const txId = await deposit(staker, amount);
  const response = await api.request<Stake>('POST', '/api/stakes', recordRequest(staker, txId, amount).body, { cookie: staker.cookie });
  expect(response.status).toBe(201);
  return response.body;
}

const asHolder = (staker: Staker, method: string, path: string, body: unknown): RawRequest => ({
  method,
  path,
  body,
  headers: { cookie: staker.cookie },
});

async function count(sql: string, replacements: Record<string, unknown>): Promise<number> {
  const [rows] = await api.db.query(sql, { replacements });
  return (rows as { n: number }[])[0]!.n;
}

describe(`${RACERS} identical requests released together`, () => {
  it('one deposit txId recorded by every request: one stake; the others are replays of it', async () => {
    const staker = await newStaker();
    const txId = await deposit(staker, 500);
    const responses = await releaseTogether(
      api.baseUrl,
      Array.from({ length: RACERS }, () => recordRequest(staker, txId, 500)),
    );
    expect(countStatuses(responses)).toEqual({ 201: 1, 200: RACERS - 1 });
    const ids = new Set(responses.map((r) => (r.body as Stake).id));
    expect(ids.size).toBe(1);
    expect(await count('SELECT count(*)::int AS n FROM stakes WHERE tx_id = :txId', { txId })).toBe(1);
  });

  it('withdrawal requests for one stake: one opens, the rest are refused', async () => {
    const staker = await newStaker();
    const stake = await stakeOf(staker);
    const body = { stakeId: stake.id, walletAddress: staker.holder.wallet };
    const responses = await releaseTogether(
      api.baseUrl,
      Array.from({ length: RACERS }, () => asHolder(staker, 'POST', '/api/withdrawals', body)),
    );
    expect(countStatuses(responses)).toEqual({ 201: 1, 409: RACERS - 1 });
    expect(await count('SELECT count(*)::int AS n FROM withdrawals WHERE stake_id = :id', { id: stake.id })).toBe(1);
  });

  it('restakes and withdrawals of one completed stake, mixed: exactly one of all of them succeeds', async () => {
    const staker = await newStaker();
    const stake = await stakeOf(staker);
    await ageStake(api, stake.id, 30);
    const restake = asHolder(staker, 'POST', '/api/stakes/restake', {
      originalStakeId: stake.id,
      planId: plan.id,
      walletAddress: staker.holder.wallet,
    });
    const withdraw = asHolder(staker, 'POST', '/api/withdrawals', { stakeId: stake.id, walletAddress: staker.holder.wallet });
    const responses = await releaseTogether(
      api.baseUrl,
      Array.from({ length: RACERS }, (_, i) => (i % 2 ? restake : withdraw)),
    );
    // The whole map, so a failure says what the losers were told instead.
    expect(countStatuses(responses)).toEqual({ 201: 1, 409: RACERS - 1 });
    const children = await count('SELECT count(*)::int AS n FROM stakes WHERE restaked_from_id = :id', { id: stake.id });
    const withdrawals = await count('SELECT count(*)::int AS n FROM withdrawals WHERE stake_id = :id', { id: stake.id });
    expect(children + withdrawals).toBe(1);
  });

  it('restakes of one completed stake: one new stake of principal plus reward', async () => {
    const staker = await newStaker();
    const stake = await stakeOf(staker);
    await ageStake(api, stake.id, 30);
    const body = { originalStakeId: stake.id, planId: plan.id, walletAddress: staker.holder.wallet };
    const responses = await releaseTogether(
      api.baseUrl,
      Array.from({ length: RACERS }, () => asHolder(staker, 'POST', '/api/stakes/restake', body)),
    );
    expect(countStatuses(responses)).toEqual({ 201: 1, 409: RACERS - 1 });
    const restaked = responses.find((r) => r.status === 201)!.body as Stake;
    expect(restaked.amount).toBe('1100');
  });

  it('two admins paying one withdrawal with two different real payouts: one completes it, the other payout stays unused', async () => {
    const staker = await newStaker();
    const stake = await stakeOf(staker);
    const opened = await api.request<Withdrawal>(
      'POST',
      '/api/withdrawals',
      { stakeId: stake.id, walletAddress: staker.holder.wallet },
      { cookie: staker.cookie },
    );
    expect(opened.body.finalAmount).toBe('800');
    const pay = () =>
      chain.transfer({ mint, from: stakingWallet, to: staker.keypair.publicKey, rawAmount: tokens(800), decimals: DECIMALS });
    const [first, second] = [await pay(), await pay()];
    const complete = (token: string, txId: string): RawRequest => ({
      method: 'PUT',
      path: `/api/admin/withdrawals/${opened.body.id}`,
      body: { status: 'completed', txId },
      headers: { authorization: `Bearer ${token}` },
    });
    const responses = await releaseTogether(
      api.baseUrl,
      Array.from({ length: RACERS }, (_, i) => (i % 2 ? complete(rootToken, first) : complete(otherAdminToken, second))),
    );
    expect(countStatuses(responses)).toEqual({ 200: 1, 409: RACERS - 1 });
    const used = await count('SELECT count(*)::int AS n FROM used_transactions WHERE tx_id IN (:txIds)', { txIds: [first, second] });
    expect(used).toBe(1);
    expect(await count(`SELECT count(*)::int AS n FROM withdrawals WHERE stake_id = :id AND status = 'completed'`, { id: stake.id })).toBe(
      1,
    );
  });

  it('two admins submitting one batch signature for the same withdrawals together: each completed once, by its own transfer', async () => {
    const stakers = [await newStaker(), await newStaker()];
    const withdrawals: Withdrawal[] = [];
    for (const staker of stakers) {
      const stake = await stakeOf(staker);
      const opened = await api.request<Withdrawal>(
        'POST',
        '/api/withdrawals',
        { stakeId: stake.id, walletAddress: staker.holder.wallet },
        { cookie: staker.cookie },
      );
      withdrawals.push(opened.body);
    }
    const source = getAssociatedTokenAddressSync(mint, stakingWallet.publicKey);
    const batch = new Transaction({ feePayer: stakingWallet.publicKey });
    for (const staker of stakers) {
      const destination = getAssociatedTokenAddressSync(mint, staker.keypair.publicKey);
      batch.add(createTransferCheckedInstruction(source, mint, destination, stakingWallet.publicKey, tokens(800), DECIMALS));
    }
    const txId = await chain.sendTransaction(batch, [stakingWallet]);
    const complete = (token: string, withdrawal: Withdrawal): RawRequest => ({
      method: 'PUT',
      path: `/api/admin/withdrawals/${withdrawal.id}`,
      body: { status: 'completed', txId },
      headers: { authorization: `Bearer ${token}` },
    });
    const responses = await releaseTogether(
      api.baseUrl,
      Array.from({ length: RACERS }, (_, i) => complete(i % 2 ? rootToken : otherAdminToken, withdrawals[i % 4 < 2 ? 0 : 1]!)),
    );
    expect(countStatuses(responses)).toEqual({ 200: 2, 409: RACERS - 2 });
    expect(await count(`SELECT count(*)::int AS n FROM withdrawals WHERE tx_id = :txId AND status = 'completed'`, { txId })).toBe(2);
    expect(await count('SELECT count(*)::int AS n FROM used_transactions WHERE tx_id = :txId', { txId })).toBe(1);
  });

  it('a plan deleted while deposits are being recorded: each deposit is recorded in full or refused cleanly', async () => {
    const doomed = await createPlan(api, rootToken, { name: 'Doomed', minStakeAmount: '100' });
    const stakers = await Promise.all(Array.from({ length: RACERS / 2 }, () => newStaker()));
    const txIds = await Promise.all(stakers.map((staker) => deposit(staker, 300)));
    const remove: RawRequest = {
      method: 'DELETE',
      path: `/api/admin/staking-plans/${doomed.id}`,
      headers: { authorization: `Bearer ${rootToken}` },
    };
    const responses = await releaseTogether(api.baseUrl, [
      ...stakers.map((staker, i) => recordRequest(staker, txIds[i]!, 300, doomed.id)),
      remove,
    ]);

    expect(responses.at(-1)!.status).toBe(204);
    const recorded = responses.slice(0, -1).filter((r) => r.status === 201);
    for (const response of responses.slice(0, -1)) expect([201, 404]).toContain(response.status);
    // Every answer is the truth: a 201 stake exists with the plan's terms, a refusal left nothing behind.
    expect(await count('SELECT count(*)::int AS n FROM stakes WHERE tx_id IN (:txIds)', { txIds })).toBe(recorded.length);
    for (const stake of recorded) expect((stake.body as Stake).plan).toMatchObject({ id: doomed.id, name: 'Doomed' });
    const [rows] = await api.db.query(
      'SELECT deleted_at IS NOT NULL AS soft, (SELECT count(*) FROM staking_plans WHERE id = :id)::int AS present FROM staking_plans WHERE id = :id',
      {
        replacements: { id: doomed.id },
      },
    );
    // Deleted: kept as history if any stake got in first, gone otherwise.
    if (recorded.length > 0) expect(rows).toEqual([{ soft: true, present: 1 }]);
    else expect(rows).toEqual([]);
  });

  it('deposits into a plan at its cap: the cap is never overshot; the deposits past it are recorded and flagged', async () => {
    const capped = await createPlan(api, rootToken, {
      name: 'Capped race',
      minStakeAmount: '100',
      maxTotalStaked: '5000',
    } as Partial<StakingPlan>);
    // Set up in two halves: 40 sign-ins at once overrun the test server's accept queue.
    const half = () => Promise.all(Array.from({ length: RACERS / 2 }, () => newStaker()));
    const stakers = [...(await half()), ...(await half())];
    const txIds = await Promise.all(stakers.map((staker) => deposit(staker, 500)));
    const responses = await releaseTogether(
      api.baseUrl,
      stakers.map((staker, i) => recordRequest(staker, txIds[i]!, 500, capped.id)),
    );

    // The tokens had moved, so every deposit is recorded: 10 fill the cap exactly, 30 are flagged.
    expect(countStatuses(responses)).toEqual({ 201: RACERS });
    const flagged = responses.filter((r) => (r.body as Stake).overCapacity).length;
    expect(flagged).toBe(RACERS - 10);
    const [rows] = await api.db.query(
      `SELECT coalesce(sum(amount) FILTER (WHERE NOT over_capacity), 0)::text AS within, count(*) FILTER (WHERE over_capacity)::int AS over
       FROM stakes WHERE plan_id = :id`,
      { replacements: { id: capped.id } },
    );
    expect(rows).toEqual([{ within: '5000', over: RACERS - 10 }]);
    const audited = await count(
      `SELECT count(*)::int AS n FROM audit_logs WHERE action = 'stake.over_capacity' AND entity_id IN (SELECT id::text FROM stakes WHERE plan_id = :id)`,
      { id: capped.id },
    );
    expect(audited).toBe(RACERS - 10);
  });

  it('restakes into a plan at its cap: only those that fit get in', async () => {
    const capped = await createPlan(api, rootToken, {
      name: 'Capped restakes',
      minStakeAmount: '100',
      maxTotalStaked: '5500',
    } as Partial<StakingPlan>);
    const stakers = await Promise.all(Array.from({ length: RACERS / 2 }, () => newStaker()));
    const stakes = await Promise.all(
      stakers.map(async (staker) => {
        const txId = await deposit(staker, 500);
        return (await api.request<Stake>('POST', '/api/stakes', recordRequest(staker, txId, 500, plan.id).body, { cookie: staker.cookie }))
          .body;
      }),
    );
    for (const stake of stakes) await ageStake(api, stake.id, 30);
    const restake = (staker: Staker, stake: Stake) =>
      asHolder(staker, 'POST', '/api/stakes/restake', {
        originalStakeId: stake.id,
        planId: capped.id,
        walletAddress: staker.holder.wallet,
      });
    const responses = await releaseTogether(
      api.baseUrl,
      stakers.map((staker, i) => restake(staker, stakes[i]!)),
    );

    // Each restake is 550 (principal + 10%): 10 fit in 5500, the other 10 are refused and change nothing.
    expect(countStatuses(responses)).toEqual({ 201: 10, 409: RACERS / 2 - 10 });
    expect(await count(`SELECT coalesce(sum(amount), 0)::int AS n FROM stakes WHERE plan_id = :id`, { id: capped.id })).toBe(5500);
  });
});
