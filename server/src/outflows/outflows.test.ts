import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTransferCheckedInstruction, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Keypair, Transaction, type PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminSettings, AuditLogEntry, AutoPayoutStatus, TreasuryOutflow } from '@stakedesk/shared/api-types';
import type { AutoPayoutPolicy } from '@stakedesk/shared/auto-payout';
import { SolanaChain } from '../chain/solana-chain.js';
import { createLogger } from '../logger.js';
import { openPayoutSigner } from '../signer/open-payout-signer.js';
import { followDeposits } from '../stakes/deposit-follower.js';
import { outflowExplainers } from '../outflow-explainers.js';
import { startPayoutWorld, tokens, DECIMALS, type PayoutWorld } from '../test/payout-world.js';
import { waitUntil } from '../test/second-instance.js';
import { randomTxId, randomWallet, STEP_UP } from '../test/test-server.js';
import { adminWithRole } from '../test/two-factor.js';
import { standardWebhookReceiver } from '../test/webhook-receiver.js';

// The outflow ledger (DESIGN 15) on the test chain (the real token program): the server follows the
// staking wallet's and the hot wallet's token accounts, and tokens that leave them outside the books
// (a stolen key, an operator paying outside the panel) stop automatic payouts, are listed for an
// owner, and are alerted when still unexplained after the grace period.
const hot = Keypair.generate();
const keyDir = mkdtempSync(path.join(tmpdir(), 'stakedesk-hot-'));
const keyFile = path.join(keyDir, 'hot.json');
writeFileSync(keyFile, JSON.stringify(Array.from(hot.secretKey)), { mode: 0o600 });
const logger = createLogger('silent');

let world: PayoutWorld;
let receiver: Awaited<ReturnType<typeof standardWebhookReceiver>>;

beforeAll(async () => {
  world = await startPayoutWorld({ payoutSigner: openPayoutSigner(`keyfile:${keyFile}`)!, allowPrivateRpc: true });
  await world.chain.airdrop(hot.publicKey, 10_000_000_000);
  await world.chain.mintTo(world.mint, hot.publicKey, tokens(50_000));
  receiver = await standardWebhookReceiver(world.api, world.token, ['treasury.unexplained_outflow'], logger);
}, 60_000);
afterAll(async () => {
  await receiver.close();
  await world.close();
  rmSync(keyDir, { recursive: true, force: true });
});

const POLICY: AutoPayoutPolicy = {
  enabled: true,
  maxPerWithdrawal: '1000',
  maxPer24h: '100000',
  minHotBalance: '100',
  newWalletDelayHours: 0,
};

async function setPolicy(policy: Partial<AutoPayoutPolicy>) {
  const { tokenName, tokenSymbol, tokenContract, stakingWallet } = (
    await world.api.request<AdminSettings>('GET', '/api/admin/settings', undefined, world.token)
  ).body;
  const body = { tokenName, tokenSymbol, tokenContract, stakingWallet, autoPayout: { ...POLICY, ...policy }, ...STEP_UP };
  expect((await world.api.request('PUT', '/api/admin/settings', body, world.token)).status).toBe(200);
}

const outflows = async (token = world.token) =>
  (await world.api.request<TreasuryOutflow[]>('GET', '/api/admin/outflows', undefined, token)).body;
const outflowOf = async (signature: string) => (await outflows()).filter((outflow) => outflow.signature === signature);
const explain = (signature: string, body: object, token = world.token) =>
  world.api.request<TreasuryOutflow[]>('POST', `/api/admin/outflows/${signature}/explain`, body, token);
const autoPayoutStatus = async () =>
  (await world.api.request<AutoPayoutStatus>('GET', '/api/admin/auto-payouts', undefined, world.token)).body;

/** The grace period passes for every outflow seen so far (the alert waits 15 minutes for a paste). */
async function graceGoesBy(): Promise<void> {
  await world.api.db.query(`UPDATE treasury_outflows SET created_at = created_at - interval '16 minutes'`);
}

/** Sends `whole` tokens from `from`'s token account to `to`, signed by `from`'s key (and paid by it): a transfer outside the books. */
function transferOut(from: Keypair, to: PublicKey, whole: number): Promise<string> {
  return world.chain.transfer({
    mint: world.mint,
    from,
    to,
    rawAmount: tokens(whole),
    decimals: DECIMALS,
    createDestinationAccount: true,
    feePayer: from,
  });
}

const unexplainedAlerts = () => receiver.events().filter((event) => event.type === 'treasury.unexplained_outflow');

// Each test starts with automatic payouts off, no pending withdrawal and no unexplained outflow.
beforeEach(async () => {
  await setPolicy({ enabled: false });
  const pending = await world.api.request<{ id: number }[]>(
    'GET',
    '/api/admin/withdrawals?status=pending&limit=1000',
    undefined,
    world.token,
  );
  for (const { id } of pending.body) {
    await world.api.request('PUT', `/api/admin/withdrawals/${id}`, { status: 'rejected', reason: 'test clean-up' }, world.token);
  }
  for (const outflow of await outflows()) {
    if (outflow.status === 'unexplained')
      expect((await explain(outflow.signature, { note: 'test clean-up', ...STEP_UP })).status).toBe(200);
  }
});

describe('tokens leaving a wallet the server pays from, outside the books', () => {
  it.each([
    ['the staking wallet', () => world.stakingWallet],
    ['the hot wallet', () => hot],
  ])(
    'out of %s: recorded and listed at once, automatic payouts stop, and the alert comes after the grace period',
    async (_name, wallet) => {
      const from = wallet();
      const thief = Keypair.generate();
      const signature = await transferOut(from, thief.publicKey, 1234);
      await setPolicy({});
      const { withdrawal } = await world.pendingWithdrawal(1000);
      await world.api.followDeposits();

      expect(await outflowOf(signature)).toEqual([
        expect.objectContaining({
          signature,
          account: getAssociatedTokenAddressSync(world.mint, from.publicKey).toBase58(),
          owner: from.publicKey.toBase58(),
          mint: world.mint.toBase58(),
          amount: '1234',
          status: 'unexplained',
          alerted: false,
          explainedBy: null,
        }),
      ]);
      const stop = { code: 'unexplainedOutflow', params: { wallet: from.publicKey.toBase58(), signature } };
      expect(await world.api.autoPayouts()).toMatchObject({ stoppedBy: [stop], paid: [] });
      expect(await autoPayoutStatus()).toMatchObject({ running: false, stoppedBy: [expect.objectContaining(stop)] });
      expect((await world.adminWithdrawal(withdrawal.id)).status).toBe('pending');
      expect(unexplainedAlerts().filter((event) => event.data.signature === signature)).toEqual([]);

      // Still unexplained once the grace period is over: the owner is told, once.
      await graceGoesBy();
      const alertsBefore = unexplainedAlerts().length;
      await world.api.followDeposits();
      await world.api.followDeposits();
      await waitUntil(async () => unexplainedAlerts().length > alertsBefore, 15_000, 'treasury.unexplained_outflow received');
      expect(unexplainedAlerts().slice(alertsBefore)).toEqual([
        {
          type: 'treasury.unexplained_outflow',
          data: {
            signature,
            account: getAssociatedTokenAddressSync(world.mint, from.publicKey).toBase58(),
            owner: from.publicKey.toBase58(),
            amount: '1234',
            symbol: 'CHN',
            blockTime: expect.any(String),
          },
        },
      ]);
      expect(await outflowOf(signature)).toEqual([expect.objectContaining({ status: 'unexplained', alerted: true })]);
    },
  );

  it('is recorded once however often and by however many instances its history is read', async () => {
    const signature = await transferOut(world.stakingWallet, Keypair.generate().publicKey, 10);
    const instances = [0, 1].map(() => new SolanaChain(async () => world.chain.url, 3_000));
    await Promise.all(
      instances.map((chain) => followDeposits(world.api.db, chain, logger, outflowExplainers, { hotWallet: hot.publicKey.toBase58() })),
    );
    // Read again from before it, as after a restore: the same row, nothing added.
    await world.api.db.query(`UPDATE deposit_cursors SET last_signature = NULL`);
    await world.api.followDeposits();
    expect(await outflowOf(signature)).toEqual([expect.objectContaining({ amount: '10', status: 'unexplained' })]);
  });
});

describe('what the books explain', () => {
  it('a payout the server built (from the staking wallet or automatically from the hot wallet) and a top-up of the hot wallet are no outflow', async () => {
    const { withdrawal } = await world.pendingWithdrawal(1000);
    const prepared = await world.prepare([withdrawal.id]);
    const sent = await world.postSigned(prepared.body.id, world.sign(prepared.body));
    expect((await world.followUntilEnded(sent.body.id)).status).toBe('completed');

    await setPolicy({});
    const automatic = await world.pendingWithdrawal(1000);
    expect(await world.api.autoPayouts()).toMatchObject({ stoppedBy: [], paid: [automatic.withdrawal.id] });
    const automaticPayout = (await world.adminWithdrawal(automatic.withdrawal.id)).payout!;
    expect((await world.followUntilEnded(automaticPayout.id)).status).toBe('completed');

    const topUp = await transferOut(world.stakingWallet, hot.publicKey, 2_000);
    await world.api.followDeposits();
    const signatures = (await outflows()).map((outflow) => outflow.signature);
    expect(signatures).not.toContain(sent.body.signature);
    expect(signatures).not.toContain((await world.payout(automaticPayout.id)).signature);
    expect(signatures).not.toContain(topUp);
    expect((await world.api.autoPayouts()).stoppedBy).toEqual([]);
  });

  it('a payout explains its transaction once it is recorded as sent, not while it is failed or expired', async () => {
    const { withdrawal, holder } = await world.pendingWithdrawal(1000);
    const prepared = await world.prepare([withdrawal.id]);
    expect(prepared.status).toBe(201);
    const signature = await transferOut(world.stakingWallet, holder.publicKey, 900);
    // The payout's row as the payout follower leaves it: the states a payout reaches, set here directly.
    const payoutIs = (status: string, failureReason: string | null) =>
      world.api.db.query(
        `UPDATE payouts SET signature = :signature, status = :status, failure_reason = :failureReason, finished_at = now() WHERE id = :id`,
        { replacements: { signature, status, failureReason, id: prepared.body.id } },
      );

    for (const [status, failureReason] of [
      ['failed', 'the transaction failed'],
      ['expired', null],
    ] as const) {
      await payoutIs(status, failureReason);
      await world.api.followDeposits();
      expect(await outflowOf(signature)).toEqual([expect.objectContaining({ amount: '900', status: 'unexplained', explainedBy: null })]);
    }

    await payoutIs('needs_review', 'a recipient to review');
    await world.api.followDeposits();
    expect(await outflowOf(signature)).toEqual([
      expect.objectContaining({ status: 'explained', explainedBy: { kind: 'payout', payoutId: prepared.body.id } }),
    ]);
    await payoutIs('expired', null); // its withdrawal is pending again, for the next test's clean-up
  });

  it('an operator who pays from their wallet and pastes the TXID: explained by the paste, no alert, payouts held only meanwhile', async () => {
    await setPolicy({ maxPerWithdrawal: '1' }); // on, but it pays none of these itself
    const { withdrawal, holder } = await world.pendingWithdrawal(1000);
    const txId = await transferOut(world.stakingWallet, holder.publicKey, 800);
    // The follower sees the transfer before the operator pastes it: held at once, not alerted.
    await world.api.followDeposits();
    expect(await outflowOf(txId)).toEqual([expect.objectContaining({ amount: '800', status: 'unexplained', alerted: false })]);
    expect((await world.api.autoPayouts()).stoppedBy).toEqual([expect.objectContaining({ code: 'unexplainedOutflow' })]);

    const pasted = await world.api.request('PUT', `/api/admin/withdrawals/${withdrawal.id}`, { status: 'completed', txId }, world.token);
    expect(pasted.status).toBe(200);
    await graceGoesBy();
    const alertsBefore = unexplainedAlerts().length;
    await world.api.followDeposits();
    expect(await outflowOf(txId)).toEqual([
      expect.objectContaining({ status: 'explained', alerted: false, explainedBy: { kind: 'pastedTxid', withdrawalIds: [withdrawal.id] } }),
    ]);
    expect((await world.api.autoPayouts()).stoppedBy).toEqual([]);
    expect(unexplainedAlerts()).toHaveLength(alertsBefore);

    // Pasted before the follower reads it: never recorded at all.
    const second = await world.pendingWithdrawal(1000);
    const secondTx = await transferOut(world.stakingWallet, second.holder.publicKey, 800);
    expect(
      (
        await world.api.request(
          'PUT',
          `/api/admin/withdrawals/${second.withdrawal.id}`,
          { status: 'completed', txId: secondTx },
          world.token,
        )
      ).status,
    ).toBe(200);
    await world.api.followDeposits();
    expect(await outflowOf(secondTx)).toEqual([]);
  });

  it("a pasted TXID explains only what left of its withdrawal's mint", async () => {
    const { withdrawal, holder } = await world.pendingWithdrawal(1000);
    const txId = await transferOut(world.stakingWallet, holder.publicKey, 800);
    await world.api.followDeposits();
    const pasted = await world.api.request('PUT', `/api/admin/withdrawals/${withdrawal.id}`, { status: 'completed', txId }, world.token);
    expect(pasted.status).toBe(200);
    const withdrawalOfMint = (mint: string) =>
      world.api.db.query(`UPDATE withdrawals SET token_contract = :mint WHERE id = :id`, { replacements: { mint, id: withdrawal.id } });

    // The same TXID pasted for a withdrawal of another token (one the settings named before) says nothing of this one.
    await withdrawalOfMint(randomWallet());
    await world.api.followDeposits();
    expect(await outflowOf(txId)).toEqual([expect.objectContaining({ amount: '800', status: 'unexplained' })]);

    await withdrawalOfMint(world.mint.toBase58());
    await world.api.followDeposits();
    expect(await outflowOf(txId)).toEqual([
      expect.objectContaining({ status: 'explained', explainedBy: { kind: 'pastedTxid', withdrawalIds: [withdrawal.id] } }),
    ]);
  });

  it('a pasted TXID whose transaction also sent tokens elsewhere explains only its share: the outflow stays unexplained', async () => {
    const { withdrawal, holder } = await world.pendingWithdrawal(1000);
    const thief = Keypair.generate();
    await world.chain.createTokenAccount(world.mint, thief.publicKey);
    const source = getAssociatedTokenAddressSync(world.mint, world.stakingWallet.publicKey);
    const pay = (to: PublicKey, whole: number) =>
      createTransferCheckedInstruction(
        source,
        world.mint,
        getAssociatedTokenAddressSync(world.mint, to),
        world.stakingWallet.publicKey,
        tokens(whole),
        DECIMALS,
      );
    const txId = await world.chain.sendTransaction(
      new Transaction({ feePayer: world.stakingWallet.publicKey }).add(pay(holder.publicKey, 800), pay(thief.publicKey, 5_000)),
      [world.stakingWallet],
    );
    // The paste itself is verified (the holder got exactly what was owed)...
    expect(
      (await world.api.request('PUT', `/api/admin/withdrawals/${withdrawal.id}`, { status: 'completed', txId }, world.token)).status,
    ).toBe(200);
    await world.api.followDeposits();
    // ...but 5,800 left the staking wallet for 800 owed.
    expect(await outflowOf(txId)).toEqual([expect.objectContaining({ amount: '5800', status: 'unexplained' })]);
  });
});

describe("an owner's explanation", () => {
  it('needs the owner role and a step-up, is audited, and lets automatic payouts resume', async () => {
    const signature = await transferOut(hot, Keypair.generate().publicKey, 77);
    await world.api.followDeposits();
    await setPolicy({});
    const { withdrawal } = await world.pendingWithdrawal(1000);
    expect(await world.api.autoPayouts()).toMatchObject({ stoppedBy: [expect.objectContaining({ code: 'unexplainedOutflow' })], paid: [] });

    const viewer = await adminWithRole(world.api, world.token, 'viewer');
    const operator = await adminWithRole(world.api, world.token, 'operator');
    expect((await outflows(viewer.token)).map((outflow) => outflow.signature)).toContain(signature);
    for (const { token, password } of [viewer, operator]) {
      const refused = await explain(signature, { note: 'mine', currentPassword: password }, token);
      expect(refused).toMatchObject({ status: 403, body: { code: 'roleRequired' } });
    }
    expect(await explain(signature, { note: 'no step-up' })).toMatchObject({ status: 403, body: { code: 'stepUpRequired' } });
    expect(await explain(signature, { note: 'wrong', currentPassword: 'not it' })).toMatchObject({ status: 403 });
    expect(await explain(signature, { ...STEP_UP })).toMatchObject({ status: 400, body: { code: 'outflowNoteRequired' } });
    expect(await explain('not-a-signature', { note: 'x', ...STEP_UP })).toMatchObject({ status: 400 });
    expect(await explain(randomTxId(), { note: 'x', ...STEP_UP })).toMatchObject({
      status: 404,
      body: { code: 'outflowNotFound' },
    });
    expect(await outflowOf(signature)).toEqual([expect.objectContaining({ status: 'unexplained' })]);

    const note = 'Paid the market maker from the hot wallet by hand; receipt #12';
    const explained = await explain(signature, { note, ...STEP_UP });
    expect(explained.status).toBe(200);
    expect(explained.body).toEqual([
      expect.objectContaining({
        signature,
        status: 'explained',
        note,
        explainedBy: { kind: 'owner', adminId: expect.any(Number), username: 'root' },
      }),
    ]);
    expect(await explain(signature, { note, ...STEP_UP })).toMatchObject({ status: 409, body: { code: 'outflowAlreadyExplained' } });

    const audit = await world.api.request<AuditLogEntry[]>('GET', '/api/admin/audit-log?limit=20', undefined, world.token);
    expect(audit.body.find((entry) => entry.action === 'outflow.explain')).toMatchObject({
      adminUsername: 'root',
      entityType: 'outflow',
      after: expect.objectContaining({ signature, note }),
    });

    // Explained stays explained, even when its history is read again.
    await world.api.db.query(`UPDATE deposit_cursors SET last_signature = NULL`);
    await world.api.followDeposits();
    expect(await outflowOf(signature)).toEqual([expect.objectContaining({ status: 'explained', note })]);
    expect(await world.api.autoPayouts()).toMatchObject({ stoppedBy: [], paid: [withdrawal.id] });
  });
});
