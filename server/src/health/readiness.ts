import type { Sequelize } from 'sequelize';
import type { JobQueue } from '../jobs/job-queue.js';
import type { PayoutSigner } from '../signer/payout-signer.js';
import { withoutUrlSecrets } from '../url-secrets.js';

/** One dependency's state, as /readyz shows it. */
export type Check = { ok: boolean; detail?: string; [figure: string]: unknown };

/** How many slots the provider may trail the cluster and still serve (Solana's own getHealth threshold is 128). */
export const MAX_SLOTS_BEHIND = 128;
const CHECK_TIMEOUT_MS = 3_000;

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

const failed = (error: unknown): Check => ({
  ok: false,
  detail: error instanceof Error ? withoutUrlSecrets(error.message.slice(0, 200)) : 'failed',
});

export function databaseCheck(sequelize: Sequelize): () => Promise<Check> {
  return async () => {
    try {
      await within(sequelize.query('SELECT 1'));
      return { ok: true };
    } catch (error) {
      return failed(error);
    }
  };
}

async function rpc<T>(
  endpoint: string,
  upstream: typeof fetch,
  method: string,
): Promise<{ result?: T; error?: { message: string; data?: unknown } }> {
  const response = await upstream(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method }),
    signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`the provider answered HTTP ${response.status}`);
  return (await response.json()) as { result?: T; error?: { message: string; data?: unknown } };
}

/**
 * The provider answers, and how far it trails the cluster: its slot, and getHealth's
 * numSlotsBehind (0 when healthy; a node that cannot tell says so without a number).
 */
export function chainCheck(endpoint: () => Promise<string>, upstream: typeof fetch): () => Promise<Check> {
  return async () => {
    try {
      const url = await endpoint();
      const [slot, health] = await within(Promise.all([rpc<number>(url, upstream, 'getSlot'), rpc<string>(url, upstream, 'getHealth')]));
      if (slot.error) return { ok: false, detail: withoutUrlSecrets(slot.error.message) };
      if (!health.error) return { ok: true, slot: slot.result, slotsBehind: 0 };
      const behind = (health.error.data as { numSlotsBehind?: unknown } | undefined)?.numSlotsBehind;
      const slotsBehind = typeof behind === 'number' ? behind : null;
      return { ok: slotsBehind !== null && slotsBehind <= MAX_SLOTS_BEHIND, slot: slot.result, slotsBehind, detail: health.error.message };
    } catch (error) {
      return failed(error);
    }
  };
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

/** Every check at once; ready when each is ok. */
export async function readiness(checks: Record<string, () => Promise<Check>>): Promise<{ ready: boolean; checks: Record<string, Check> }> {
  const names = Object.keys(checks);
  const results = await Promise.all(names.map((name) => checks[name]!()));
  return { ready: results.every((check) => check.ok), checks: Object.fromEntries(names.map((name, i) => [name, results[i]!])) };
}
