import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stake } from '@stakedesk/shared/api-types';
import { isRunning } from '../db/embedded-postgres.js';
import { spawnServer, stopSpawned, type SpawnedServer } from '../test/spawn-server.js';
import { adminLogin, call, newStaker, openStaking, signIn, tokens, DECIMALS } from '../test/staking-world.js';
import { startTestChain, type TestChain } from '@stakedesk/test-support/test-chain';

// SIGTERM while a deposit is being verified (the chain answers slowly): /readyz answers 503 at once
// while requests are still served for SHUTDOWN_GRACE_MS (a load balancer stops routing to it), the
// request in flight finishes and is answered, then the server exits 0 and stops its embedded PostgreSQL.
const RPC_DELAY_MS = 1_500;
const GRACE_MS = 2_000;

let chain: TestChain;
let slowRpc: Server;
let slowRpcUrl: string;
let dataDir: string;
let server: SpawnedServer;

/** Forwards JSON-RPC to the test chain, each call held back RPC_DELAY_MS. */
function startSlowRpc(target: string): Promise<Server> {
  const proxy = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    await new Promise((resolve) => setTimeout(resolve, RPC_DELAY_MS));
    const upstream = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.concat(chunks) });
    res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(await upstream.text());
  });
  return new Promise((resolve) => proxy.listen(0, '127.0.0.1', () => resolve(proxy)));
}

beforeAll(async () => {
  chain = await startTestChain();
  slowRpc = await startSlowRpc(chain.url);
  slowRpcUrl = `http://127.0.0.1:${(slowRpc.address() as { port: number }).port}`;
  dataDir = mkdtempSync(path.join(tmpdir(), 'stakedesk-drain-'));
  chmodSync(dataDir, 0o755);
  server = await spawnServer({
    DATA_DIR: dataDir,
    SOLANA_RPC_URL: slowRpcUrl,
    ADMIN_PASSWORD: 'drain test admin password',
    SHUTDOWN_GRACE_MS: String(GRACE_MS),
  });
});
afterAll(async () => {
  await stopSpawned(server);
  slowRpc.close();
  await chain.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('SIGTERM', () => {
  it('finishes the deposit being verified, answers it, then stops the server and its PostgreSQL cleanly', async () => {
    const token = await adminLogin(server.url, 'admin', 'drain test admin password');
    const { mint, stakingWallet, plan } = await openStaking(server.url, chain, token, 'drain test admin password');
    const staker = await newStaker(chain, mint);
    const txId = await chain.transfer({
      mint,
      from: staker.keypair,
      to: stakingWallet.publicKey,
      rawAmount: tokens(500),
      decimals: DECIMALS,
    });
    const postgresPid = Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);

    const started = Date.now();
    const cookie = await signIn(server.url, staker);
    const inFlight = call<Stake>(
      server.url,
      'POST',
      '/api/stakes',
      { planId: plan.id, walletAddress: staker.wallet, txId, amount: '500', status: 'active' },
      { cookie },
    );
    await new Promise((resolve) => setTimeout(resolve, RPC_DELAY_MS / 2));
    server.child.kill('SIGTERM');
    // Not ready from the signal on, and still serving: a request the balancer sent a moment before is answered.
    await expect
      .poll(async () => (await call(server.url, 'GET', '/readyz')).body, { timeout: GRACE_MS / 2 })
      .toEqual({ status: 'stopping' });
    expect((await call(server.url, 'GET', '/readyz')).status).toBe(503);
    expect((await call(server.url, 'GET', '/api/staking-plans')).status).toBe(200);

    const answer = await inFlight;
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ txId, amount: '500', walletAddress: staker.wallet });
    expect(Date.now() - started).toBeGreaterThanOrEqual(RPC_DELAY_MS);
    expect(await server.exited).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(GRACE_MS);
    expect(isRunning(postgresPid)).toBe(false);
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);

    // The deposit answered before shutdown is there after a restart.
    server = await spawnServer({ DATA_DIR: dataDir, SOLANA_RPC_URL: chain.url });
    const stakes = await call<Stake[]>(server.url, 'GET', `/api/stakes/${staker.wallet}`);
    expect(stakes.body.map((stake) => stake.txId)).toEqual([txId]);
  });
});
