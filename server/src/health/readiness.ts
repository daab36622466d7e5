import type { Sequelize } from 'sequelize';
import type { JobQueue } from '../jobs/job-queue.js';
import type { PayoutSigner } from '../signer/payout-signer.js';
import { withoutLocations } from './without-locations.js';

/**
 * One dependency's state, as /readyz shows it: `ok` to anyone, the rest (a detail line, figures
 * such as a wallet or a lag) only to operators (health.routes.ts).
 */
export type Check = { ok: boolean; detail?: string; [figure: string]: unknown };

/** How many slots the provider may trail the cluster and still serve (Solana's own getHealth threshold is 128). */
export const MAX_SLOTS_BEHIND = 128;
const CHECK_TIMEOUT_MS = 3_000;
/** A paid provider is asked at most once per this long by one instance, however often it is probed. */
export const CHAIN_CHECK_CACHE_MS = 5_000;

async function within<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const failed = (error: unknown): Check => ({ ok: false, detail: error instanceof Error ? error.message.slice(0, 200) : 'failed' });

/**
 * The check's answer shared by every caller for `ms` from when it was asked: probes arriving
 * together wait for the one call in flight, and later ones within `ms` get its answer.
 */
function sharedFor(ms: number, check: () => Promise<Check>): () => Promise<Check> {
  let last: { at: number; answer: Promise<Check> } | null = null;
  return () => {
    const now = Date.now();
    if (!last || now - last.at >= ms) last = { at: now, answer: check() };
    return last.answer;
  };
}

export function databaseCheck(db: Sequelize): () => Promise<Check> {
  return async () => {
    try {
      await within(db.query('SELECT 1'));
      return { ok: true };
    } catch (error) {
      return failed(error);
    }
  };
}

async function getHealth(endpoint: string, upstream: typeof fetch): Promise<{ error?: { message: string; data?: unknown } }> {
  const response = await upstream(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getHealth' }),
    signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`the provider answered HTTP ${response.status}`);
  return (await response.json()) as { error?: { message: string; data?: unknown } };
}

/**
 * The provider answers, and how far it trails the cluster, by one getHealth call (0 slots behind
 * when healthy; a node that cannot tell says so without a number). Asked at most once per
 * CHAIN_CHECK_CACHE_MS: load balancers probe /readyz often, and a provider bills every call.
 */
export function chainCheck(endpoint: () => Promise<string>, upstream: typeof fetch): () => Promise<Check> {
  // The provider's address is a setting: while the database cannot give it, the last one read is
  // checked (the database check reports the outage; the provider has not failed).
  let lastEndpoint: string | null = null;
  const currentEndpoint = () =>
    endpoint().then(
      (url) => (lastEndpoint = url),
      (error: unknown) => {
        if (lastEndpoint === null) throw error;
        return lastEndpoint;
      },
    );
  return sharedFor(CHAIN_CHECK_CACHE_MS, async () => {
    try {
      const health = await within(getHealth(await currentEndpoint(), upstream));
      if (!health.error) return { ok: true, slotsBehind: 0 };
      const behind = (health.error.data as { numSlotsBehind?: unknown } | undefined)?.numSlotsBehind;
      const slotsBehind = typeof behind === 'number' ? behind : null;
      return { ok: slotsBehind !== null && slotsBehind <= MAX_SLOTS_BEHIND, slotsBehind, detail: health.error.message };
    } catch (error) {
      return failed(error);
    }
  });
}

export function queueCheck(jobs: JobQueue): () => Promise<Check> {
  return async () => {
    try {
      return { ok: true, failedRounds: await within(jobs.recentFailures()) };
    } catch (error) {
      return failed(error);
    }
  };
}

/** The configured signer can sign (a key that cannot is a payout that cannot be sent). */
export function signerCheck(signer: PayoutSigner): () => Promise<Check> {
  return async () => {
    try {
      await within(signer.sign(new TextEncoder().encode('stakedesk readiness')));
      return { ok: true, wallet: signer.publicKey.toBase58() };
    } catch (error) {
      return failed(error);
    }
  };
}

/** Checks of what lives in the database: while it does not answer they are not asked, and say so rather than fail on their own. */
const LIVES_IN_DATABASE = new Set(['queue']);
const WAITS_FOR_DATABASE: Check = {
  ok: false,
  waitsFor: 'database',
  detail: 'not checked: it lives in the database, which does not answer',
};

/**
 * The database first, then every other check at once; ready when each is ok. A database outage
 * shows as the database's failure alone: what lives in it waits for it. A detail never says where
 * a dependency lives.
 */
export async function readiness(checks: Record<string, () => Promise<Check>>): Promise<{ ready: boolean; checks: Record<string, Check> }> {
  const names = Object.keys(checks);
  const database = checks.database ? await checks.database() : null;
  const results = await Promise.all(
    names.map((name) => {
      if (name === 'database') return database!;
      return database?.ok === false && LIVES_IN_DATABASE.has(name) ? WAITS_FOR_DATABASE : checks[name]!();
    }),
  );
  const shown = results.map((check) => (check.detail === undefined ? check : { ...check, detail: withoutLocations(check.detail) }));
  return { ready: results.every((check) => check.ok), checks: Object.fromEntries(names.map((name, i) => [name, shown[i]!])) };
}

/** What anyone may see of the checks: whether each passes. */
export const passFail = (checks: Record<string, Check>): Record<string, Pick<Check, 'ok'>> =>
  Object.fromEntries(Object.entries(checks).map(([name, check]) => [name, { ok: check.ok }]));
