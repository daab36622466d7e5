import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BooksAudit } from '@stakedesk/shared/api-types';
import type { SecondProvider } from '../chain/second-provider.js';
import { SolanaChain } from '../chain/solana-chain.js';
import { startPayoutWorld, type PayoutWorld } from '../test/payout-world.js';
import { waitUntil } from '../test/second-instance.js';

// DESIGN 15 for the audit (DESIGN 19): what the first provider proved, the second
// (SOLANA_VERIFY_RPC_URL) must know too; a transaction only one of them shows is a difference.
const hiddenBySecond = new Set<string>();
let world: PayoutWorld;

beforeAll(async () => {
  world = await startPayoutWorld({
    secondProvider: (chain): SecondProvider => {
      const second = new SolanaChain(async () => chain.url, 3_000);
      return {
        signaturesForAddress: (...args) => second.signaturesForAddress(...args),
        blockHeight: (commitment) => second.blockHeight(commitment),
        landedTransaction: (signature) => second.landedTransaction(signature),
        signatureStatuses: async (signatures) =>
          (await second.signatureStatuses(signatures)).map((status, index) => (hiddenBySecond.has(signatures[index]!) ? null : status)),
      };
    },
  });
}, 60_000);
afterAll(() => world.close());

it('lists a deposit the second provider does not show, and only that one; the audit says two providers were asked', async () => {
  const shown = await world.stakeThroughIntent(await world.fundedHolder(), 200);
  const hidden = await world.stakeThroughIntent(await world.fundedHolder(), 300);
  hiddenBySecond.add(hidden.txId!);
  const started = await world.api.request<{ audit: BooksAudit }>('POST', '/api/admin/audits', undefined, world.token);
  expect(started.status).toBe(202);
  const read = async () =>
    (await world.api.request<{ audit: BooksAudit }>('GET', `/api/admin/audits/${started.body.audit.id}`, undefined, world.token)).body
      .audit;
  await waitUntil(async () => (await read()).status !== 'running', 30_000, 'the audit ended');
  const audit = await read();
  expect(audit).toMatchObject({ status: 'finished', checked: { deposits: 2, providers: 2 } });
  expect(audit.differences).toEqual([
    {
      kind: 'providersDisagree',
      signature: hidden.txId,
      stakeId: null,
      withdrawalId: null,
      books: null,
      chain: null,
      reason: { code: 'auditSecondProviderMissing' },
      resolution: null,
    },
  ]);
  expect(audit.differences.map((difference) => difference.signature)).not.toContain(shown.txId);
});
