import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Keypair } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSettings, AuditDifference, BooksAudit, Stake } from '@stakedesk/shared/api-types';
import type { AutoPayoutPolicy } from '@stakedesk/shared/auto-payout';
import { createLogger } from '../logger.js';
import { openPayoutSigner } from '../signer/open-payout-signer.js';
import { startPayoutWorld, tokens, type PayoutWorld } from '../test/payout-world.js';
import { waitUntil } from '../test/second-instance.js';
import { STEP_UP } from '../test/test-server.js';
import { adminWithRole } from '../test/two-factor.js';
import { auditIfRestored } from './index.js';

// The books against the chain (DESIGN 19) on the test chain (the real token program): a database
// altered by hand, and one "restored" to before a payout, are found out, and nothing pays twice.
const hot = Keypair.generate();
const keyDir = mkdtempSync(path.join(tmpdir(), 'stakedesk-hot-'));
const keyFile = path.join(keyDir, 'hot.json');
writeFileSync(keyFile, JSON.stringify(Array.from(hot.secretKey)), { mode: 0o600 });
const logger = createLogger('silent');

let world: PayoutWorld;

beforeAll(async () => {
  world = await startPayoutWorld({ payoutSigner: openPayoutSigner(`keyfile:${keyFile}`)!, allowPrivateRpc: true });
  await world.chain.airdrop(hot.publicKey, 10_000_000_000);
  await world.chain.mintTo(world.mint, hot.publicKey, tokens(50_000));
}, 60_000);
afterAll(async () => {
  await world.close();
  rmSync(keyDir, { recursive: true, force: true });
});

const sql = (query: string, replacements: Record<string, unknown> = {}) => world.api.sequelize.query(query, { replacements });

const startAudit = (token = world.token) => world.api.request<{ audit: BooksAudit }>('POST', '/api/admin/audits', undefined, token);
const readAudit = (id: number | string, token = world.token) =>
  world.api.request<{ audit: BooksAudit }>('GET', `/api/admin/audits/${id}`, undefined, token);

async function auditEnded(id: number): Promise<BooksAudit> {
  await waitUntil(async () => (await readAudit(id)).body.audit.status !== 'running', 30_000, `audit ${id} ended`);
  return (await readAudit(id)).body.audit;
}

/** An owner's audit, run to its end. */
async function audit(): Promise<BooksAudit> {
  const started = await startAudit();
  expect(started.status).toBe(202);
  const ended = await auditEnded(started.body.audit.id);
  expect(ended).toMatchObject({ status: 'finished', reason: 'owner', failure: null });
  return ended;
}

const about = (found: BooksAudit, signature: string) => found.differences.filter((difference) => difference.signature === signature);

/** A withdrawal paid through the panel's path (prepared, signed by the staking wallet, sent and followed to completion). */
async function paidWithdrawal(staked = 1000) {
  const { withdrawal, holder } = await world.pendingWithdrawal(staked);
  const prepared = await world.prepare([withdrawal.id]);
  expect(prepared.status).toBe(201);
  const sent = await world.postSigned(prepared.body.id, world.sign(prepared.body));
  const payout = await world.followUntilEnded(sent.body.id);
  expect(payout.status).toBe('completed');
  return { withdrawal, holder, payout, signature: payout.signature! };
}

const POLICY: AutoPayoutPolicy = { enabled: true, maxPerWithdrawal: '1000', maxPer24h: '100000', minHotBalance: '100', newWalletDelayHours: 0 };

async function setPolicy(policy: Partial<AutoPayoutPolicy>) {
  const { tokenName, tokenSymbol, tokenContract, stakingWallet } = (
    await world.api.request<AdminSettings>('GET', '/api/admin/settings', undefined, world.token)
  ).body;
  const body = { tokenName, tokenSymbol, tokenContract, stakingWallet, autoPayout: { ...POLICY, ...policy }, ...STEP_UP };
  expect((await world.api.request('PUT', '/api/admin/settings', body, world.token)).status).toBe(200);
}

describe('the books against the chain', () => {
  it('finds nothing on books that match the chain', async () => {
    await world.stakeThroughIntent(await world.fundedHolder(), 300);
    await paidWithdrawal();
    const found = await audit();
    expect(found.differences).toEqual([]);
    expect(found.checked).toMatchObject({ deposits: 2, payouts: 1, outflows: 0, providers: 1 });
    expect(found.checked!.transactions).toBeGreaterThanOrEqual(3);
  });

  it('lists a stake whose amount was changed by hand, a deleted completed payout, a changed payout, and records a deposit whose stake row was deleted', async () => {
    const changed = await world.fundedHolder();
    const changedStake = await world.stakeThroughIntent(changed, 500);
    await sql('UPDATE stakes SET amount = 700 WHERE id = :id', { id: changedStake.id });

    const deleted = await paidWithdrawal();
    await sql(
      `DELETE FROM payout_withdrawals WHERE payout_id = :payoutId; DELETE FROM payouts WHERE id = :payoutId;
       DELETE FROM used_transactions WHERE tx_id = :signature; DELETE FROM withdrawals WHERE id = :withdrawalId`,
      { payoutId: deleted.payout.id, signature: deleted.signature, withdrawalId: deleted.withdrawal.id },
    );

    const overpaid = await paidWithdrawal();
    await sql('UPDATE withdrawals SET final_amount = 900 WHERE id = :id', { id: overpaid.withdrawal.id });

    // Deleted once the deposit follower has read past it: only the audit can find it now.
    const lost = await world.fundedHolder();
    const lostStake = await world.stakeThroughIntent(lost, 600);
    await world.api.followDeposits();
    await sql(
      `UPDATE deposit_intents SET stake_id = NULL WHERE stake_id = :id;
       DELETE FROM used_transactions WHERE tx_id = :txId; DELETE FROM stakes WHERE id = :id`,
      { id: lostStake.id, txId: lostStake.txId },
    );
    await world.api.followDeposits();

    const found = await audit();
    expect(about(found, changedStake.txId!)).toEqual<AuditDifference[]>([
      {
        kind: 'depositDiffers',
        signature: changedStake.txId!,
        stakeId: changedStake.id,
        withdrawalId: null,
        books: { wallet: changed.wallet, amount: '700' },
        chain: { wallet: changed.wallet, amount: '500' },
        reason: { code: 'depositWrongAmountReceived', params: { received: '500', amount: '700' } },
        resolution: null,
      },
    ]);
    const [recorded] = about(found, lostStake.txId!);
    expect(recorded).toEqual<AuditDifference>({
      kind: 'depositUnrecorded',
      signature: lostStake.txId!,
      stakeId: expect.any(Number),
      withdrawalId: null,
      books: null,
      chain: { wallet: lost.wallet, amount: '600' },
      reason: null,
      resolution: 'recorded',
    });
    expect(about(found, deleted.signature)).toEqual<AuditDifference[]>([
      {
        kind: 'payoutUnrecorded',
        signature: deleted.signature,
        stakeId: null,
        withdrawalId: null,
        books: null,
        chain: { wallet: deleted.holder.publicKey.toBase58(), amount: '800' },
        reason: null,
        resolution: 'toReview',
      },
    ]);
    expect(about(found, overpaid.signature)).toEqual<AuditDifference[]>([
      {
        kind: 'payoutDiffers',
        signature: overpaid.signature,
        stakeId: null,
        withdrawalId: overpaid.withdrawal.id,
        books: { wallet: overpaid.holder.publicKey.toBase58(), amount: '900' },
        chain: { wallet: overpaid.holder.publicKey.toBase58(), amount: '800' },
        reason: { code: 'payoutWrongAmount', params: { received: '800', amount: '900' } },
        resolution: null,
      },
    ]);
    expect(found.differences).toHaveLength(4);

    // The lost deposit is the holder's stake again, on its intent's terms, and recorded once however often the books are audited.
    const stakes = await world.api.request<Stake[]>('GET', `/api/stakes/${lost.wallet}`);
    expect(stakes.body).toEqual([expect.objectContaining({ id: recorded!.stakeId, txId: lostStake.txId, amount: '600', status: 'active' })]);
    const again = await audit();
    expect(about(again, lostStake.txId!)).toEqual([]);
    expect(again.differences.map((difference) => difference.kind).sort()).toEqual(['depositDiffers', 'payoutDiffers', 'payoutUnrecorded']);

    // Put back, so the next tests see only their own differences.
    await sql('UPDATE stakes SET amount = 500 WHERE id = :id', { id: changedStake.id });
    await sql('UPDATE withdrawals SET final_amount = 800 WHERE id = :id', { id: overpaid.withdrawal.id });
  });
});
