/**
 * Deposit detection at constant cost (DESIGN 12): the built server, with the holder's browser
 * gone, finds transfers by following the staking wallet's token account, behind an endpoint that
 * counts its RPC calls. First its calls per minute with 1, 100 and 10,000 open intents and nothing
 * landing; then, at 10,000 open intents, real transfers listing their intents' references, one at
 * a time at random moments: the time from each transfer's confirmation on the test chain to its
 * stake row, and the RPC calls each recorded deposit cost beyond the idle rounds.
 */
import { randomBytes } from 'node:crypto';
import bs58 from 'bs58';
import type pg from 'pg';
import type { ChainReady, ChainRequest, ReferencedDeposit } from './chain-child.js';
import { withClient } from './database.js';
import { load1 } from './machine.js';
import { ask, startServer, stopChild, type Child } from './processes.js';
import { startRpcCounter, type RpcCounter } from './rpc-counter.js';

export type IdleCost = { openIntents: number; seconds: number; calls: number; perMinute: number; byMethod: Record<string, number> };

export type DepositDetection = {
  /** The server's DEPOSIT_FOLLOW_INTERVAL_MS (its default unless the bench set one). */
  intervalMs: number;
  idle: IdleCost[];
  openIntents: number;
  /** Confirmation to stake row, ms, in the order the deposits were sent. */
  latenciesMs: number[];
  p50: number;
  p95: number;
  /** RPC calls while the deposits were sent and found, and how long that took. */
  runCalls: number;
  runSeconds: number;
  runByMethod: Record<string, number>;
  /** (runCalls - the idle rate over the run) / deposits. */
  callsPerDeposit: number;
  loadBefore: number;
  loadAfter: number;
};

const OPEN_INTENT_COUNTS = [1, 100, 10_000];
const STAKE_TOKENS = 500n;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? NaN;
};
const difference = (after: Map<string, number>, before: Map<string, number>): Record<string, number> =>
  Object.fromEntries([...after].map(([method, n]): [string, number] => [method, n - (before.get(method) ?? 0)]).filter(([, n]) => n > 0));

async function benchPlan(client: pg.Client): Promise<number> {
  const found = await client.query<{ id: number }>('SELECT id FROM staking_plans WHERE is_active ORDER BY id LIMIT 1');
  if (found.rows[0]) return found.rows[0].id;
  const made = await client.query<{ id: number }>(
    `INSERT INTO staking_plans (name, description, yield_rate, duration_days, min_stake_amount, early_penalty_rate)
     VALUES ('Detection', NULL, 10, 30, 100, 20) RETURNING id`,
  );
  return made.rows[0]!.id;
}

/** Open intents on the plan's terms, in one insert: `wallets` and `references` pair up. */
async function insertIntents(client: pg.Client, planId: number, chain: ChainReady, wallets: string[], references: string[]) {
  await client.query(
    `INSERT INTO deposit_intents (reference, wallet_address, amount, plan_id, plan_name, yield_rate, duration_days,
       min_stake_amount, early_penalty_rate, token_contract, staking_wallet, expires_at)
     SELECT r, w, $3, p.id, p.name, p.yield_rate, p.duration_days, p.min_stake_amount, p.early_penalty_rate, $4, $5, now() + interval '15 minutes'
     FROM unnest($1::text[], $2::text[]) AS i (r, w), staking_plans p WHERE p.id = $6`,
    [references, wallets, STAKE_TOKENS.toString(), chain.mint, chain.stakingWallet, planId],
  );
}

const freshReferences = (count: number) => Array.from({ length: count }, () => bs58.encode(randomBytes(32)));

async function idleCost(counter: RpcCounter, openIntents: number, seconds: number): Promise<IdleCost> {
  const before = counter.counts();
  const started = performance.now();
  await sleep(seconds * 1000);
  const elapsed = performance.now() - started;
  const byMethod = difference(counter.counts(), before);
  const calls = Object.values(byMethod).reduce((sum, n) => sum + n, 0);
  return { openIntents, seconds: elapsed / 1000, calls, perMinute: (calls * 60_000) / elapsed, byMethod };
}

async function stakeRecorded(client: pg.Client, txId: string, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await client.query('SELECT 1 FROM stakes WHERE tx_id = $1', [txId]);
    if (found.rowCount) return Date.now();
    if (Date.now() > deadline) throw new Error(`deposit ${txId} not recorded within ${timeoutMs} ms`);
    await sleep(5);
  }
}

export async function measureDepositDetection({
  databaseUrl,
  chain,
  serverEnv,
  logFile,
  idleSeconds = 30,
  deposits = 60,
  log,
}: {
  databaseUrl: string;
  chain: Child & { ready: ChainReady };
  serverEnv: Record<string, string>;
  logFile: string;
  idleSeconds?: number;
  deposits?: number;
  log: (message: string) => void;
}): Promise<DepositDetection> {
  const intervalMs = Number(serverEnv.DEPOSIT_FOLLOW_INTERVAL_MS ?? 1000);
  const loadBefore = load1();
  return withClient(databaseUrl, async (client) => {
    await client.query(`UPDATE settings SET token_contract = $1, staking_wallet = $2 WHERE id = 1`, [
      chain.ready.mint,
      chain.ready.stakingWallet,
    ]);
    const planId = await benchPlan(client);
    await client.query('DELETE FROM deposit_intents WHERE stake_id IS NULL');
    const counter = await startRpcCounter(chain.ready.url);
    const server = await startServer({ ...serverEnv, SOLANA_RPC_URL: counter.url }, logFile);
    try {
      await sleep(3 * intervalMs); // its first rounds: the followed accounts and their cursors
      const idle: IdleCost[] = [];
      for (const count of OPEN_INTENT_COUNTS) {
        await client.query('DELETE FROM deposit_intents WHERE stake_id IS NULL');
        const references = freshReferences(count);
        await insertIntents(
          client,
          planId,
          chain.ready,
          references.map((_, i) => `bench-wallet-${i}`),
          references,
        );
        await sleep(2 * intervalMs);
        idle.push(await idleCost(counter, count, idleSeconds));
        log(
          `  ${count} open ${count === 1 ? 'intent' : 'intents'}: ${idle.at(-1)!.perMinute.toFixed(1)} RPC calls a minute (${JSON.stringify(idle.at(-1)!.byMethod)})`,
        );
      }

      const raw = STAKE_TOKENS * 10n ** BigInt(chain.ready.decimals);
      const { wallets } = await ask<{ wallets: string[] }>(chain.child, {
        fund: deposits,
        rawAmount: raw.toString(),
      } satisfies ChainRequest);
      const references = freshReferences(deposits);
      await insertIntents(client, planId, chain.ready, wallets, references);
      const openIntents = OPEN_INTENT_COUNTS.at(-1)! + deposits;
      await sleep(2 * intervalMs);
      const before = counter.counts();
      const callsBefore = counter.total();
      const started = performance.now();
      const latenciesMs: number[] = [];
      for (let i = 0; i < deposits; i++) {
        // A random moment within the round interval: confirmations fall anywhere between two rounds.
        await sleep(Math.random() * intervalMs);
        const send = { send: { wallet: wallets[i]!, reference: references[i]!, rawAmount: raw.toString() } } satisfies ChainRequest;
        const sent = await ask<ReferencedDeposit>(chain.child, send);
        latenciesMs.push((await stakeRecorded(client, sent.txId, 30_000)) - sent.confirmedAt);
      }
      const runMs = performance.now() - started;
      const runCalls = counter.total() - callsBefore;
      const idleRate = idle.at(-1)!.perMinute / 60_000;
      return {
        intervalMs,
        idle,
        openIntents,
        latenciesMs,
        p50: percentile(latenciesMs, 0.5),
        p95: percentile(latenciesMs, 0.95),
        runCalls,
        runSeconds: runMs / 1000,
        runByMethod: difference(counter.counts(), before),
        callsPerDeposit: (runCalls - idleRate * runMs) / deposits,
        loadBefore,
        loadAfter: load1(),
      };
    } finally {
      await stopChild(server);
      await counter.close();
    }
  });
}

/** The figures as lines of markdown, for results.md and for a run of this step alone. */
export function formatDepositDetection(d: DepositDetection): string[] {
  const fmt = (value: number, digits = 0) =>
    value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
  return [
    `- The server follows the staking wallet's token account every ${fmt(d.intervalMs)} ms (DEPOSIT_FOLLOW_INTERVAL_MS), behind an endpoint that counts its RPC calls.`,
    ...d.idle.map(
      (cost) =>
        `- ${fmt(cost.openIntents)} open ${cost.openIntents === 1 ? 'intent' : 'intents'}, nothing landing: ${fmt(cost.perMinute, 1)} RPC calls a minute (${fmt(cost.calls)} in ${fmt(cost.seconds, 1)} s: ${Object.entries(
          cost.byMethod,
        )
          .map(([method, n]) => `${method} ×${n}`)
          .join(', ')}).`,
    ),
    `- ${fmt(d.latenciesMs.length)} transfers listing their intents' references, one at a time at random moments, ${fmt(d.openIntents)} open intents, no browser: confirmation on the test chain to the stake row p50 ${fmt(d.p50)} ms, p95 ${fmt(d.p95)} ms, max ${fmt(Math.max(...d.latenciesMs))} ms.`,
    `- RPC calls meanwhile: ${fmt(d.runCalls)} in ${fmt(d.runSeconds, 1)} s (${Object.entries(d.runByMethod)
      .map(([method, n]) => `${method} ×${n}`)
      .join(', ')}); beyond the idle rounds, ${fmt(d.callsPerDeposit, 2)} calls per recorded deposit.`,
    `- Load average ${fmt(d.loadBefore, 2)} before, ${fmt(d.loadAfter, 2)} after.`,
  ];
}
