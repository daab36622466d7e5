import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Sequelize } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTransferCheckedInstruction, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { PublicKey, Transaction } from '@solana/web3.js';
import type { AdminEvent, DepositIntent, Stake, StakingPlan, Withdrawal } from '@stakedesk/shared/api-types';
import { sseParser } from '@stakedesk/shared/sse';
import { openDatabase } from '../open-database.js';
import { ADMIN_EVENTS_CHANNEL } from '../events/publish.js';
import { booksProblems } from '../test/books.js';
import { countStatuses, releaseTogether, type RawRequest } from '../test/release-together.js';
import { freshDatabase } from '../test/fresh-database.js';
import { spawnServer, stopSpawned, type SpawnedServer } from '../test/spawn-server.js';
import { adminLogin, call, newStaker, openStaking, signIn, tokens, DECIMALS, type Staker } from '../test/staking-world.js';
import { startTestChain, type TestChain } from '@stakedesk/test-support/test-chain';

// Two server processes on one PostgreSQL, as behind a load balancer: the race rules hold across
// them, rate limits are shared, expiry runs once, and admin events reach both.
const RACERS = 40;
const LOGIN_LIMIT = 6;
const EXPIRY_MS = 400;
const ADMIN = { username: 'admin', password: 'scale-out admin password' };

let chain: TestChain;
let databaseUrl: string;
let database: Sequelize;
let a: SpawnedServer;
let b: SpawnedServer;
let token: string;
let world: Awaited<ReturnType<typeof openStaking>>;
let dataDir: string;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  chain = await startTestChain();
  const fresh = await freshDatabase('scale');
  cleanups.push(fresh.drop);
  const url = new URL(fresh.url);
  databaseUrl = url.toString();
  dataDir = mkdtempSync(path.join(tmpdir(), 'stakedesk-scale-'));
  const env = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ADMIN_PASSWORD: ADMIN.password,
    SOLANA_RPC_URL: chain.url,
    LOGIN_RATE_LIMIT: String(LOGIN_LIMIT),
    SIGN_IN_RATE_LIMIT: '100000',
    EXPIRY_INTERVAL_MS: String(EXPIRY_MS),
    // Both instances look for deposits often, so their rounds overlap.
    DEPOSIT_FOLLOW_INTERVAL_MS: '100',
  };
  // Started together on an empty database: migrations and the first admin happen once.
  [a, b] = await Promise.all([spawnServer(env), spawnServer(env)]);
  database = openDatabase(databaseUrl);
  token = await adminLogin(a.url, ADMIN.username, ADMIN.password);
  world = await openStaking(a.url, chain, token, ADMIN.password);
});
afterAll(async () => {
  await Promise.all([a, b].filter(Boolean).map((server) => stopSpawned(server)));
  await database?.close();
  for (const cleanup of cleanups.reverse()) await cleanup();
  await chain.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const deposit = (staker: Staker, amount: number) =>
  chain.transfer({
    mint: world.mint,
    from: staker.keypair,
    to: world.stakingWallet.publicKey,
    rawAmount: tokens(amount),
    decimals: DECIMALS,
  });

async function stakeOf(staker: Staker, plan: StakingPlan = world.plan): Promise<Stake> {
  const txId = await deposit(staker, 1_000);
  const cookie = await signIn(a.url, staker);
  const answer = await call<Stake>(
    a.url,
    'POST',
    '/api/stakes',
    { planId: plan.id, walletAddress: staker.wallet, txId, amount: '1000', status: 'active' },
    { cookie },
  );
  expect(answer.status).toBe(201);
  return answer.body;
}

/** Half the requests to each instance. */
const split = (request: RawRequest) => Array.from({ length: RACERS }, (_, i) => ({ ...request, server: i % 2 ? a.url : b.url }));

describe('two server instances on one PostgreSQL', () => {
  it('one deposit recorded through both at once: one stake', async () => {
    const staker = await newStaker(chain, world.mint);
    const txId = await deposit(staker, 700);
    const body = { planId: world.plan.id, walletAddress: staker.wallet, txId, amount: '700', status: 'active' };
    const headers = { cookie: await signIn(a.url, staker) };
    const responses = await releaseTogether(a.url, split({ method: 'POST', path: '/api/stakes', body, headers }));
    expect(countStatuses(responses)).toEqual({ 201: 1, 200: RACERS - 1 });
    expect(await booksProblems(database)).toEqual([]);
  });

  it('deposits found by both instances following the staking wallet at once: each recorded once, each transaction fetched once', async () => {
    const transfers: { wallet: string; txId: string }[] = [];
    for (let i = 0; i < 5; i++) {
      const staker = await newStaker(chain, world.mint);
      const cookie = await signIn(i % 2 ? a.url : b.url, staker);
      const intent = await call<DepositIntent>(
        a.url,
        'POST',
        '/api/stakes/intents',
        { planId: world.plan.id, amount: '600', walletAddress: staker.wallet },
        { cookie },
      );
      const instruction = createTransferCheckedInstruction(
        getAssociatedTokenAddressSync(world.mint, staker.keypair.publicKey),
        world.mint,
        getAssociatedTokenAddressSync(world.mint, world.stakingWallet.publicKey),
        staker.keypair.publicKey,
        tokens(600),
        DECIMALS,
      );
      instruction.keys.push({ pubkey: new PublicKey(intent.body.reference), isSigner: false, isWritable: false });
      const transaction = new Transaction().add(instruction);
      transaction.feePayer = staker.keypair.publicKey;
      transfers.push({ wallet: staker.wallet, txId: await chain.sendTransaction(transaction, [staker.keypair]) });
    }
    const recorded = async () =>
      (
        await database.query('SELECT tx_id FROM stakes WHERE tx_id IN (:txIds)', { replacements: { txIds: transfers.map((t) => t.txId) } })
      )[0];
    const deadline = Date.now() + 15_000;
    while ((await recorded()).length < transfers.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    await new Promise((resolve) => setTimeout(resolve, 500)); // more rounds of both: nothing more
    expect((await recorded()).length).toBe(transfers.length);
    for (const { txId } of transfers) {
      expect(chain.requests.filter((request) => request.method === 'getTransaction' && request.params[0] === txId)).toHaveLength(1);
    }
    expect(await booksProblems(database)).toEqual([]);
  });

  it('withdrawal requests for one stake through both at once: one opens', async () => {
    const staker = await newStaker(chain, world.mint);
    const stake = await stakeOf(staker);
    const cookie = await signIn(b.url, staker);
    const body = { stakeId: stake.id, walletAddress: staker.wallet };
    const responses = await releaseTogether(a.url, split({ method: 'POST', path: '/api/withdrawals', body, headers: { cookie } }));
    expect(countStatuses(responses)).toEqual({ 201: 1, 409: RACERS - 1 });
    expect(await booksProblems(database)).toEqual([]);
  });

  it('two admins on two instances paying one withdrawal with two real payouts: one completes it', async () => {
    await call(
      a.url,
      'POST',
      '/api/admin/admins',
      { email: 'two@example.com', username: 'two', password: 'second admin password', currentPassword: ADMIN.password },
      { token },
    );
    const secondToken = await adminLogin(b.url, 'two', 'second admin password');
    const staker = await newStaker(chain, world.mint);
    const stake = await stakeOf(staker);
    const cookie = await signIn(a.url, staker);
    const opened = await call<Withdrawal>(
      a.url,
      'POST',
      '/api/withdrawals',
      { stakeId: stake.id, walletAddress: staker.wallet },
      { cookie },
    );
    const pay = () =>
      chain.transfer({
        mint: world.mint,
        from: world.stakingWallet,
        to: staker.keypair.publicKey,
        rawAmount: tokens(800),
        decimals: DECIMALS,
      });
    const payouts = [await pay(), await pay()];
    const requests = Array.from({ length: RACERS }, (_, i) => ({
      method: 'PUT',
      path: `/api/admin/withdrawals/${opened.body.id}`,
      body: { status: 'completed', txId: payouts[i % 2] },
      headers: { authorization: `Bearer ${i % 2 ? token : secondToken}` },
      server: i % 2 ? a.url : b.url,
    }));
    expect(countStatuses(await releaseTogether(a.url, requests))).toEqual({ 200: 1, 409: RACERS - 1 });
    expect(await booksProblems(database)).toEqual([]);
  });

  it('counts failed logins across both instances (the limit lives in PostgreSQL)', async () => {
    // A different username each time: the per-IP limit, not the per-account throttle (below).
    const attempt = (url: string, i: number) =>
      call(url, 'POST', '/api/admin/login', { username: `nobody-${i}`, password: 'wrong password' });
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_LIMIT; i += 1) statuses.push((await attempt(i % 2 ? a.url : b.url, i)).status);
    expect(statuses).toEqual(Array(LOGIN_LIMIT).fill(401));
    expect((await attempt(a.url, 100)).status).toBe(429);
    expect((await attempt(b.url, 101)).status).toBe(429);
  });

  it('throttles one username across both instances (the failure count lives in PostgreSQL)', async () => {
    // The per-IP limit was used up just above: out of the way, so the per-account throttle answers.
    await database.query('DELETE FROM rate_limits');
    const attempt = (url: string) =>
      call<{ retryAfter?: number }>(url, 'POST', '/api/admin/login', { username: 'someone', password: 'wrong password' });
    for (let i = 0; i < 5; i += 1) expect((await attempt(i % 2 ? a.url : b.url)).status).toBe(401);
    for (const url of [a.url, b.url]) {
      await database.query('DELETE FROM rate_limits'); // each 429 counts towards the per-IP limit too
      const throttled = await attempt(url);
      expect(throttled.status).toBe(429);
      expect(throttled.body.retryAfter).toBeGreaterThan(50);
    }
    await database.query('DELETE FROM rate_limits');
  });

  it('expires each ended stake once, though both instances run the scheduled expiry', async () => {
    const listener = new pg.Client({ connectionString: databaseUrl });
    await listener.connect();
    let expired = 0;
    listener.on('notification', ({ payload }) => {
      const event = JSON.parse(payload!) as AdminEvent;
      if (event.type === 'stakes.expired') expired += event.count;
    });
    await listener.query(`LISTEN ${ADMIN_EVENTS_CHANNEL}`);
    try {
      const stakes = [];
      for (let i = 0; i < 10; i += 1) stakes.push(await stakeOf(await newStaker(chain, world.mint)));
      const ids = stakes.map((stake) => stake.id);
      await database.query(
        `UPDATE stakes SET created_at = created_at - interval '31 days', ends_at = ends_at - interval '31 days' WHERE id IN (:ids)`,
        {
          replacements: { ids },
        },
      );
      const completedAt = async () =>
        (
          await database.query(`SELECT completed_at FROM stakes WHERE id IN (:ids) AND status = 'completed' ORDER BY id`, {
            replacements: { ids },
          })
        )[0] as {
          completed_at: Date;
        }[];
      const deadline = Date.now() + 20 * EXPIRY_MS + 10_000;
      while ((await completedAt()).length < ids.length && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, EXPIRY_MS));
      const first = await completedAt();
      expect(first).toHaveLength(ids.length);
      await new Promise((resolve) => setTimeout(resolve, 5 * EXPIRY_MS));
      expect(await completedAt()).toEqual(first);
      expect(expired).toBe(ids.length);
    } finally {
      await listener.end();
    }
  });

  it('streams an admin event from one instance to a panel connected to the other', async () => {
    const abort = new AbortController();
    const events: AdminEvent[] = [];
    const stream = await fetch(`${a.url}/api/admin/events`, { headers: { authorization: `Bearer ${token}` }, signal: abort.signal });
    const feed = sseParser(({ data }) => events.push(JSON.parse(data) as AdminEvent));
    const reading = (async () => {
      const decoder = new TextDecoder();
      try {
        for await (const chunk of stream.body!) feed(decoder.decode(chunk as Uint8Array, { stream: true }));
      } catch {
        // aborted at the end of the test
      }
    })();
    try {
      const staker = await newStaker(chain, world.mint);
      const txId = await deposit(staker, 321);
      const cookie = await signIn(b.url, staker);
      const recorded = await call<Stake>(
        b.url,
        'POST',
        '/api/stakes',
        { planId: world.plan.id, walletAddress: staker.wallet, txId, amount: '321', status: 'active' },
        { cookie },
      );
      expect(recorded.status).toBe(201);
      const deadline = Date.now() + 5_000;
      while (!events.some((e) => e.type === 'stake.created' && e.stakeId === recorded.body.id) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(events).toContainEqual({
        type: 'stake.created',
        stakeId: recorded.body.id,
        walletAddress: staker.wallet,
        amount: '321',
        restake: false,
      });
    } finally {
      abort.abort();
      await reading;
    }
  });
});
