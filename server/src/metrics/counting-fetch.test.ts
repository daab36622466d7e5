import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestChain, type TestChain } from '@stakedesk/test-support/test-chain';
import { SolanaChain } from '../chain/solana-chain.js';
import { countingFetch } from './counting-fetch.js';
import { createMetrics } from './metrics.js';

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(() => chain.close());

/** The counter's samples as `method: value`, from the registry's own JSON. */
async function samples(metrics: ReturnType<typeof createMetrics>, name: string): Promise<Record<string, number>> {
  const metric = (await metrics.registry.getMetricsAsJSON()).find((m) => m.name === name);
  return Object.fromEntries((metric?.values ?? []).map((v) => [String(v.labels.method), v.value]));
}

it('counts the server’s RPC calls by method, and the ones that failed: an RPC error, a provider that does not answer', async () => {
  const metrics = createMetrics();
  const solana = new SolanaChain(async () => chain.url, 5_000, countingFetch(fetch, metrics));
  await solana.latestBlockhash();
  await solana.latestBlockhash();
  await solana.tokenAccounts([chain.payer.publicKey.toBase58()]);
  const rpc = countingFetch(fetch, metrics);
  await rpc(chain.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"jsonrpc":"2.0","id":1,"method":"noSuchMethod"}',
  });
  const down = new SolanaChain(async () => 'http://127.0.0.1:9/', 2_000, countingFetch(fetch, metrics));
  await expect(down.latestBlockhash()).rejects.toThrow();

  expect(await samples(metrics, 'stakedesk_rpc_calls_total')).toEqual({ getLatestBlockhash: 3, getMultipleAccounts: 1, noSuchMethod: 1 });
  expect(await samples(metrics, 'stakedesk_rpc_errors_total')).toEqual({ getLatestBlockhash: 1, noSuchMethod: 1 });
});
