import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { QueryTypes, type Sequelize } from 'sequelize';
import { Keypair, Transaction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminWithdrawal, PreparedPayout, Stake, Withdrawal } from '@stakedesk/shared/api-types';
import { openDatabase } from '../open-database.js';
import { booksProblems } from '../test/books.js';
import { freshDatabase } from '../test/fresh-database.js';
import { spawnServer, stopSpawned, type SpawnedServer } from '../test/spawn-server.js';
import { adminLogin, call, newStaker, openStaking, signIn, tokens, DECIMALS } from '../test/staking-world.js';
import { startTestChain, type TestChain } from '@stakedesk/test-support/test-chain';

// The server SIGKILLed at random moments while it pays withdrawals by itself (automatic payouts,
// DESIGN 13), KILLS times, a new withdrawal asked before each kill: when it finally runs in peace,
// every withdrawal is paid, and every holder received what they were owed exactly once.
const KILLS = Number(process.env.AUTO_PAYOUT_KILLS ?? 20);
const ADMIN = { username: 'admin', password: 'auto payout kill test password' };
const STAKED = 1_000;
const OWED = 800; // an early unstake: the plan's 20% penalty
const HOLDER_START = 100_000; // what newStaker gives each holder

let chain: TestChain;
let database: Sequelize;
let dataDir: string;
let env: Record<string, string>;
let server: SpawnedServer | undefined;
const cleanups: (() => Promise<unknown>)[] = [];
let token: string;
let staking: Awaited<ReturnType<typeof openStaking>>;
/** Each withdrawal's holder. */
const holders = new Map<number, Keypair>();

beforeAll(async () => {
  chain = await startTestChain();
  const fresh = await freshDatabase('autopay');
  cleanups.push(fresh.drop);
  const url = new URL(fresh.url);
  dataDir = mkdtempSync(path.join(tmpdir(), 'stakedesk-autopay-'));
  const hot = Keypair.generate();
  const keyFile = path.join(dataDir, 'hot.json');
  writeFileSync(keyFile, JSON.stringify(Array.from(hot.secretKey)), { mode: 0o600 });
  await chain.airdrop(hot.publicKey, 100_000_000_000);
  env = {
    DATABASE_URL: url.toString(),
    DATA_DIR: dataDir,
    // One secret across restarts: the admin's token and holders' sessions stay valid.
    JWT_SECRET: randomBytes(32).toString('hex'),
    ADMIN_PASSWORD: ADMIN.password,
    SOLANA_RPC_URL: chain.url,
    PAYOUT_SIGNER: `keyfile:${keyFile}`,
    AUTO_PAYOUT_INTERVAL_MS: '200',
    CHAIN_FOLLOW_INTERVAL_MS: '300',
    SIGN_IN_RATE_LIMIT: '100000',
    LOGIN_RATE_LIMIT: '100000',
  };
  server = await spawnServer(env);
  database = openDatabase(url.toString());
  cleanups.push(() => database.close());
  token = await adminLogin(server.url, ADMIN.username, ADMIN.password);
  staking = await openStaking(server.url, chain, token, ADMIN.password);
  await chain.mintTo(staking.mint, hot.publicKey, tokens(OWED * (KILLS + 10)));
  const { tokenName, tokenSymbol, tokenContract, stakingWallet } = (
    await call(server.url, 'GET', '/api/admin/settings', undefined, { token })
  ).body;
  const policy = { enabled: true, maxPerWithdrawal: '1000', maxPer24h: '10000000', minHotBalance: '0', newWalletDelayHours: 0 };
  const saved = await call(
    server.url,
    'PUT',
    '/api/admin/settings',
    { tokenName, tokenSymbol, tokenContract, stakingWallet, autoPayout: policy, currentPassword: ADMIN.password },
    { token },
  );
  expect(saved.status).toBe(200);
}, 120_000);
afterAll(async () => {
  if (server) await stopSpawned(server);
  for (const cleanup of cleanups.reverse()) await cleanup();
  await chain.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A holder who sent a stake on chain (no server needed for that), to record through the next server. */
async function stakerWithDeposit() {
  const staker = await newStaker(chain, staking.mint);
  const txId = await chain.transfer({
    mint: staking.mint,
    from: staker.keypair,
    to: staking.stakingWallet.publicKey,
    rawAmount: tokens(STAKED),
    decimals: DECIMALS,
  });
  return { staker, txId };
}

/** The holder records the stake and asks for an early withdrawal, through the running server. */
async function askWithdrawal(baseUrl: string, { staker, txId }: Awaited<ReturnType<typeof stakerWithDeposit>>): Promise<number> {
  const cookie = await signIn(baseUrl, staker);
  const stake = await call<Stake>(
    baseUrl,
    'POST',
    '/api/stakes',
    { planId: staking.plan.id, walletAddress: staker.wallet, txId, amount: String(STAKED), status: 'active' },
    { cookie },
  );
  expect(stake.status).toBe(201);
  const withdrawal = await call<Withdrawal>(
    baseUrl,
    'POST',
    '/api/withdrawals',
    { stakeId: stake.body.id, walletAddress: staker.wallet },
    { cookie },
  );
  expect(withdrawal.status).toBe(201);
  holders.set(withdrawal.body.id, staker.keypair);
  return withdrawal.body.id;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Until the withdrawal's payout is claimed and not yet sent (prepared), asked as fast as the
 * database answers, for at most `ms`: a kill then falls in the window a random moment rarely hits.
 */
async function untilPrepared(withdrawalId: number, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const [rows] = await database.query(
      `SELECT 1 FROM payout_withdrawals pw JOIN payouts p ON p.id = pw.payout_id WHERE pw.withdrawal_id = :withdrawalId AND p.status = 'prepared'`,
      { replacements: { withdrawalId } },
    );
    if (rows.length > 0) return;
  }
}

/**
 * The operator's part: each withdrawal left to an operator after its payout expired is checked on
 * chain (its holder received nothing: the expiry was true) and paid by hand through section 11's
 * path (prepared by the server, signed by the staking wallet, checked and sent by the server).
 */
const paidByHand = new Set<number>();
async function payByHandWhatWaitsAfterExpiry(baseUrl: string): Promise<void> {
  const listed = await call<AdminWithdrawal[]>(baseUrl, 'GET', '/api/admin/withdrawals?status=pending&limit=1000', undefined, { token });
  // One paid by hand a round ago stays pending (and held) until its payout is finalized: its holder already has the tokens.
  const waiting = listed.body.filter((w) => w.autoPayoutHold?.code === 'autoPayoutAfterExpiry' && !paidByHand.has(w.id));
  for (const withdrawal of waiting) {
    expect(chain.tokenBalance(staking.mint, holders.get(withdrawal.id)!.publicKey)).toBe(tokens(HOLDER_START - STAKED));
    const prepared = await call<PreparedPayout>(baseUrl, 'POST', '/api/admin/payouts', { withdrawalIds: [withdrawal.id] }, { token });
    expect(prepared.status).toBe(201);
    const transaction = Transaction.from(Buffer.from(prepared.body.transaction, 'base64'));
    transaction.partialSign(staking.stakingWallet);
    const signed = transaction.serialize({ requireAllSignatures: false }).toString('base64');
    const sent = await call(baseUrl, 'POST', `/api/admin/payouts/${prepared.body.id}/signed`, { transaction: signed }, { token });
    expect(sent.status).toBe(200);
    paidByHand.add(withdrawal.id);
  }
}

async function pendingCount(): Promise<number> {
  const [[row]] = (await database.query(`SELECT count(*)::int AS n FROM withdrawals WHERE status = 'pending'`)) as [
    { n: number }[],
    unknown,
  ];
  return row!.n;
}

describe('SIGKILL during automatic payouts', () => {
  it(`never pays a withdrawal twice, over ${KILLS} kills at random moments`, { timeout: KILLS * 10_000 + 240_000 }, async () => {
    for (let kill = 0; kill < KILLS; kill++) {
      const [spawned, next] = await Promise.all([server ?? spawnServer(env), stakerWithDeposit()]);
      server = spawned;
      const withdrawalId = await askWithdrawal(server.url, next);
      // The server pays at start and every 200 ms: somewhere in a round, or between two; every
      // fourth kill waits for the withdrawal's payout to be claimed, to kill before it is sent.
      if (kill % 4 === 3) await untilPrepared(withdrawalId, 1_000);
      else await sleep(Math.random() * 500);
      server.child.kill('SIGKILL');
      await server.exited;
      server = undefined;
    }

    // In peace: payouts the kills left prepared and never sent expire once their blockhash is dead
    // (the test chain's blocks are moved on). Their withdrawals wait for an operator (DESIGN 15),
    // who checks on chain that the holder was not paid and pays them by hand.
    server = await spawnServer(env);
    const deadline = Date.now() + 180_000;
    while ((await pendingCount()) > 0 && Date.now() < deadline) {
      chain.advanceSlots(200);
      await sleep(1_000);
      await payByHandWhatWaitsAfterExpiry(server.url);
    }
    const listed = await call<AdminWithdrawal[]>(server.url, 'GET', '/api/admin/withdrawals?limit=1000', undefined, { token });
    expect(listed.body.filter((w) => w.status !== 'completed')).toEqual([]);
    expect(listed.body).toHaveLength(KILLS);
    for (const holder of holders.values()) {
      // Started with HOLDER_START, staked STAKED, was owed OWED: paid twice would show OWED more.
      expect(chain.tokenBalance(staking.mint, holder.publicKey)).toBe(tokens(HOLDER_START - STAKED + OWED));
    }
    expect(await booksProblems(database)).toEqual([]);
    // Kills that fell between a payout's claim and its send left it prepared: it expired and was paid by hand.
    const { interrupted } = (
      await database.query<{ interrupted: number }>(`SELECT count(*)::int AS interrupted FROM payouts WHERE status = 'expired'`, {
        type: QueryTypes.SELECT,
      })
    )[0]!;
    console.log(`${KILLS} kills, ${interrupted} of them between a payout's claim and its send`);
    if (KILLS >= 100) expect(interrupted).toBeGreaterThan(0);
  });
});
