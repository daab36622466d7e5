import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Sequelize } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stake, Withdrawal } from '@stakedesk/shared/api-types';
import { openDatabase } from '../open-database.js';
import { booksProblems } from '../test/books.js';
import { spawnServer, stopSpawned, type SpawnedServer } from '../test/spawn-server.js';
import { adminLogin, call, newStaker, openStaking, signIn, tokens, DECIMALS, type Staker } from '../test/staking-world.js';
import { startTestChain, type TestChain } from '@stakedesk/test-support/test-chain';

// The server killed with SIGKILL in the middle of a load of writes (deposits recorded, withdrawals
// requested): after a restart every acknowledged write is there, nothing is half-made, and the
// writes that were cut off succeed when retried, as the holder app retries them.
const DEPOSITS = 60;
const WITHDRAWALS = 20;
const ADMIN = { username: 'admin', password: 'crash test admin password' };

let chain: TestChain;
let dataDir: string;
let server: SpawnedServer;
let database: Sequelize | undefined;

const env = () => ({
  DATA_DIR: dataDir,
  SOLANA_RPC_URL: chain.url,
  ADMIN_PASSWORD: ADMIN.password,
  SIGN_IN_RATE_LIMIT: '100000',
  LOGIN_RATE_LIMIT: '100000',
});

beforeAll(async () => {
  chain = await startTestChain();
  dataDir = mkdtempSync(path.join(tmpdir(), 'stakedesk-crash-'));
  chmodSync(dataDir, 0o755);
  server = await spawnServer(env());
});
afterAll(async () => {
  await database?.close();
  if (server) await stopSpawned(server);
  await chain.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The embedded database of DATA_DIR, opened directly (its port and password are in DATA_DIR). */
function openEmbedded(): Sequelize {
  const port = Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3]);
  const password = readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
  return openDatabase(`postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/stakedesk`);
}

type Acknowledged = { kind: 'stake' | 'withdrawal'; wallet: string; id: number; txId?: string };

describe('SIGKILL during a load of writes', () => {
  it('keeps every acknowledged write, makes nothing by half, and the cut-off writes succeed when retried', async () => {
    const token = await adminLogin(server.url, ADMIN.username, ADMIN.password);
    const { mint, stakingWallet, plan } = await openStaking(server.url, chain, token, ADMIN.password);
    const deposit = (staker: Staker, amount: number) =>
      chain.transfer({ mint, from: staker.keypair, to: stakingWallet.publicKey, rawAmount: tokens(amount), decimals: DECIMALS });
    const record = (staker: Staker, cookie: string, txId: string, amount: number) =>
      call<Stake>(
        server.url,
        'POST',
        '/api/stakes',
        { planId: plan.id, walletAddress: staker.wallet, txId, amount: String(amount), status: 'active' },
        { cookie },
      );

    // Stakes to ask withdrawals of, and deposits sent on chain but not yet recorded.
    const withdrawers = await Promise.all(
      Array.from({ length: WITHDRAWALS }, async () => {
        const staker = await newStaker(chain, mint);
        const cookie = await signIn(server.url, staker);
        const stake = await record(staker, cookie, await deposit(staker, 1_000), 1_000);
        expect(stake.status).toBe(201);
        return { staker, stake: stake.body, cookie };
      }),
    );
    const depositors = await Promise.all(
      Array.from({ length: DEPOSITS }, async (_, i) => {
        const staker = await newStaker(chain, mint);
        const amount = 100 + i;
        return { staker, amount, txId: await deposit(staker, amount), cookie: await signIn(server.url, staker) };
      }),
    );

    // The load, and the kill in the middle of it.
    const acknowledged: Acknowledged[] = [];
    let cutOff = 0;
    const writes = [
      ...depositors.map(({ staker, amount, txId, cookie }) => async () => {
        const answer = await record(staker, cookie, txId, amount);
        if (answer.status === 201 || answer.status === 200)
          acknowledged.push({ kind: 'stake', wallet: staker.wallet, id: answer.body.id, txId });
      }),
      ...withdrawers.map(({ staker, stake, cookie }) => async () => {
        const answer = await call<Withdrawal>(
          server.url,
          'POST',
          '/api/withdrawals',
          { stakeId: stake.id, walletAddress: staker.wallet },
          { cookie },
        );
        if (answer.status === 201) acknowledged.push({ kind: 'withdrawal', wallet: staker.wallet, id: answer.body.id });
      }),
    ].map((write) => write().catch(() => (cutOff += 1)));
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (acknowledged.length >= 15) {
          clearInterval(check);
          resolve();
        }
      }, 5);
    });
    server.child.kill('SIGKILL');
    await Promise.all(writes);
    await server.exited;
    expect(cutOff).toBeGreaterThan(0);

    // Restart on the same data directory (the embedded PostgreSQL left running is recovered).
    server = await spawnServer(env());
    database = openEmbedded();
    for (const write of acknowledged) {
      const table = write.kind === 'stake' ? 'stakes' : 'withdrawals';
      const [rows] = await database.query(`SELECT wallet_address FROM ${table} WHERE id = :id`, { replacements: { id: write.id } });
      expect(rows, `${write.kind} ${write.id} was acknowledged`).toEqual([{ wallet_address: write.wallet }]);
    }
    expect(await booksProblems(database)).toEqual([]);

    // The holder app retries what it never heard back about: each lands exactly once.
    for (const { staker, amount, txId, cookie } of depositors)
      expect([200, 201]).toContain((await record(staker, cookie, txId, amount)).status);
    for (const { staker, stake, cookie } of withdrawers) {
      const retry = await call(server.url, 'POST', '/api/withdrawals', { stakeId: stake.id, walletAddress: staker.wallet }, { cookie });
      expect([201, 409]).toContain(retry.status);
    }
    const [[counts]] = (await database.query(
      `SELECT (SELECT count(*) FROM stakes WHERE tx_id IN (:txIds))::int AS stakes,
              (SELECT count(*) FROM withdrawals WHERE status = 'pending' AND stake_id IN (:stakeIds))::int AS withdrawals`,
      { replacements: { txIds: depositors.map((d) => d.txId), stakeIds: withdrawers.map((w) => w.stake.id) } },
    )) as [{ stakes: number; withdrawals: number }[], unknown];
    expect(counts).toEqual({ stakes: DEPOSITS, withdrawals: WITHDRAWALS });
    expect(await booksProblems(database)).toEqual([]);
    console.info(`crash: ${acknowledged.length} writes acknowledged before SIGKILL, ${cutOff} cut off; all kept, all retried once`);
  });
});
