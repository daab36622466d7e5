import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stake, StakingPlan } from '@stakedesk/shared/api-types';
import { freshDatabase } from '../test/fresh-database.js';
import { spawnServer, stopSpawned, type SpawnedServer } from '../test/spawn-server.js';
import { adminLogin, call, newStaker, openStaking, signIn, tokens, DECIMALS } from '../test/staking-world.js';
import { startTestChain, type TestChain } from '@stakedesk/test-support/test-chain';

// A bounded load of mixed holder and admin traffic, reads and writes, for 60 s on loopback:
// zero errors, zero 5xx. The figures go to the log for the notes.
const DURATION_S = Number(process.env.LOAD_SECONDS ?? 60);
const CONNECTIONS = 20;
const STAKERS = 30;

let chain: TestChain;
let server: SpawnedServer;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  chain = await startTestChain();
  const fresh = await freshDatabase('load');
  cleanups.push(fresh.drop);
  const url = new URL(fresh.url);
  server = await spawnServer({
    DATABASE_URL: url.toString(),
    JWT_SECRET: randomBytes(32).toString('hex'),
    ADMIN_PASSWORD: 'load test admin password',
    SOLANA_RPC_URL: chain.url,
    SIGN_IN_RATE_LIMIT: '10000000',
  });
});
afterAll(async () => {
  if (server) await stopSpawned(server);
  for (const cleanup of cleanups) await cleanup();
  await chain.close();
});

/** The server's resident memory in MB, read from /proc while it runs. */
const residentMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

describe('a minute of mixed traffic', () => {
  it('answers every request without an error or a 5xx', async () => {
    const token = await adminLogin(server.url, 'admin', 'load test admin password');
    const world = await openStaking(server.url, chain, token, 'load test admin password');
    const toggled = await call<StakingPlan>(
      server.url,
      'POST',
      '/api/admin/staking-plans',
      { name: 'Toggled', yieldRate: '1', durationDays: 1, minStakeAmount: '1', earlyPenaltyRate: '0' },
      { token },
    );
    const wallets: string[] = [];
    for (let i = 0; i < STAKERS; i += 1) {
      const staker = await newStaker(chain, world.mint);
      const txId = await chain.transfer({
        mint: world.mint,
        from: staker.keypair,
        to: world.stakingWallet.publicKey,
        rawAmount: tokens(500),
        decimals: DECIMALS,
      });
      const cookie = await signIn(server.url, staker);
      const stake = await call<Stake>(
        server.url,
        'POST',
        '/api/stakes',
        { planId: world.plan.id, walletAddress: staker.wallet, txId, amount: '500', status: 'active' },
        { cookie },
      );
      expect(stake.status).toBe(201);
      if (i % 3 === 0) {
        await call(server.url, 'POST', '/api/withdrawals', { stakeId: stake.body.id, walletAddress: staker.wallet }, { cookie });
      }
      wallets.push(staker.wallet);
    }

    const admin = { authorization: `Bearer ${token}` };
    const json = { 'content-type': 'application/json' };
    const requests: autocannon.Request[] = [
      { method: 'GET', path: '/api/settings' },
      { method: 'GET', path: '/api/staking-plans' },
      { method: 'GET', path: '/api/stats' },
      ...wallets.slice(0, 5).flatMap((wallet): autocannon.Request[] => [
        { method: 'GET', path: `/api/stakes/${wallet}` },
        { method: 'GET', path: `/api/withdrawals/${wallet}` },
      ]),
      { method: 'POST', path: '/api/auth/nonce', headers: json, body: JSON.stringify({ walletAddress: wallets[0] }) },
      { method: 'GET', path: '/api/admin/stats', headers: admin },
      { method: 'GET', path: '/api/admin/stakes?limit=20&sort=amount&order=desc', headers: admin },
      { method: 'GET', path: `/api/admin/stakes?q=${wallets[1]!.slice(0, 8)}`, headers: admin },
      { method: 'GET', path: '/api/admin/withdrawals?status=pending', headers: admin },
      { method: 'GET', path: '/api/admin/audit-log?limit=20', headers: admin },
      { method: 'PATCH', path: `/api/admin/staking-plans/${toggled.body.id}/toggle`, headers: admin },
    ];

    let peakMb = residentMb(server.child.pid!);
    const sampler = setInterval(() => (peakMb = Math.max(peakMb, residentMb(server.child.pid!))), 1_000);
    const result = await autocannon({ url: server.url, connections: CONNECTIONS, duration: DURATION_S, requests });
    clearInterval(sampler);

    console.info(
      `load: ${result.requests.total} requests in ${DURATION_S} s (${Math.round(result.requests.average)}/s) over ${CONNECTIONS} connections; ` +
        `latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms; ` +
        `errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}, 5xx ${result['5xx']}; server memory peak ${Math.round(peakMb)} MB`,
    );
    expect(result.requests.total).toBeGreaterThan(1_000);
    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
    expect(result['5xx']).toBe(0);
    expect(result.non2xx).toBe(0);
    expect(server.child.exitCode).toBeNull();
  });
});
