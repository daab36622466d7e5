import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { ComputeBudgetProgram, Keypair, Transaction, TransactionInstruction } from '@solana/web3.js';
import bs58 from 'bs58';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TreasuryCoverage } from '@stakedesk/shared/api-types';
import { rawUnitsOf } from '@stakedesk/shared/reserves/holder-records';
import { alertInbox, type SentAlert } from '../test/alert-inbox.js';
import { booksProblems } from '../test/books.js';
import { DECIMALS, startPayoutWorld, tokens, type PayoutWorld } from '../test/payout-world.js';
import { STEP_UP } from '../test/test-server.js';
import { adminWithRole } from '../test/two-factor.js';
import { EXPIRY_CONFIRM_BLOCKS } from './follow.js';
import { MEMO_PROGRAM_ID } from '../chain/memo.js';

// How a payout ends is the server's decision alone, from what it reads on chain.
let world: PayoutWorld;
/** What operators were told: payout.completed, payout.failed and payout.needs_review (DESIGN 13). */
let alerts: () => Promise<SentAlert[]>;

beforeAll(async () => {
  world = await startPayoutWorld({ allowPrivateRpc: true });
  alerts = await alertInbox(world.api, world.token, ['payout.completed', 'payout.failed', 'payout.needs_review']);
}, 60_000);
afterAll(() => world.close());
afterEach(() => {
  world.chain.freezeClock(false);
  world.flaky().lagBlocks = 0;
});

/** The alerts sent about payout `id`. */
const alertsFor = async (id: number) => (await alerts()).filter((alert) => alert.data.payoutId === id);

/** Stands the chain at `height` exactly (the clock stopped there). */
function standAt(height: number): void {
  world.chain.freezeClock(true);
  const now = world.chain.blockHeight();
  if (height < now) throw new Error(`the chain is already at ${now}, past ${height}`);
  world.chain.advanceSlots(height - now);
}

const resolve = (withdrawalId: number, body: object, token = world.token) =>
  world.api.request('POST', `/api/admin/withdrawals/${withdrawalId}/resolve`, body, token);

describe('a signed copy held back by a wallet or an RPC', () => {
  it('sent at the last block its blockhash allows, it lands, and the server completes the payout nobody posted', async () => {
    const { withdrawal, holder } = await world.pendingWithdrawal();
    const before = world.chain.tokenBalance(world.mint, holder.publicKey);
    const prepared = (await world.prepare([withdrawal.id])).body;
    const held = world.sign(prepared); // signed in the wallet, never posted
    standAt(prepared.lastValidBlockHeight);
    for (let look = 0; look < 3; look++) await world.api.followChain();
    // Its blockhash can still land: never expired, never freed.
    expect(await world.payout(prepared.id)).toMatchObject({ status: 'prepared' });
    expect(await world.prepare([withdrawal.id])).toMatchObject({ status: 409, body: { code: 'payoutInFlight' } });
    const signature = await world.land(held);
    expect(await world.followUntilEnded(prepared.id)).toMatchObject({ status: 'completed', signature });
    expect(world.chain.tokenBalance(world.mint, holder.publicKey) - before).toBe(tokens(800));
    expect(await world.adminWithdrawal(withdrawal.id)).toMatchObject({ status: 'completed', txId: signature });
    expect(await alertsFor(prepared.id)).toEqual([
      { event: 'payout.completed', data: { payoutId: prepared.id, signature, withdrawals: 1 } },
    ]);
  });

  it('sent after it, the chain refuses it; the server calls the payout expired only after two looks agree, and frees the withdrawal', async () => {
    const { withdrawal, holder } = await world.pendingWithdrawal();
    const before = world.chain.tokenBalance(world.mint, holder.publicKey);
    const prepared = (await world.prepare([withdrawal.id])).body;
    const held = world.sign(prepared);
    standAt(prepared.lastValidBlockHeight + 1);
    await expect(world.land(held)).rejects.toThrow(/BlockhashNotFound|not processed/);
    await world.api.followChain(); // the first look sees it dead
    await world.api.followChain(); // a second look too soon proves nothing more
    expect(await world.payout(prepared.id)).toMatchObject({ status: 'prepared' });
    world.chain.advanceSlots(EXPIRY_CONFIRM_BLOCKS);
    await world.api.followChain();
    expect(await world.payout(prepared.id)).toMatchObject({ status: 'expired', finishedAt: expect.any(String) });
    // Nothing moved and the withdrawal is payable again: nobody is woken for it.
    expect(await alertsFor(prepared.id)).toEqual([]);
    expect(await world.adminWithdrawal(withdrawal.id)).toMatchObject({ status: 'pending', payout: { status: 'expired', holds: false } });
    // The held copy posted now is not sent: its payout ended.
    const late = await world.postSigned(prepared.id, held);
    expect(late).toMatchObject({ status: 409, body: { code: 'payoutNotOpen' } });
    world.chain.freezeClock(false);
    const again = (await world.prepare([withdrawal.id])).body;
    expect((await world.postSigned(again.id, world.sign(again))).status).toBe(200);
    expect(await world.followUntilEnded(again.id)).toMatchObject({ status: 'completed' });
    expect(world.chain.tokenBalance(world.mint, holder.publicKey) - before).toBe(tokens(800));
    expect(await booksProblems(world.api.db)).toEqual([]);
  });

  it('a provider whose index lags its block height: the copy that landed at the last block is found by the later look, not expired', async () => {
    const { withdrawal } = await world.pendingWithdrawal();
    const prepared = (await world.prepare([withdrawal.id])).body;
    const held = world.sign(prepared);
    standAt(prepared.lastValidBlockHeight);
    world.flaky().lagBlocks = EXPIRY_CONFIRM_BLOCKS - 1;
    const signature = await world.land(held);
    world.chain.advanceSlots(1);
    await world.api.followChain(); // dead at finalized, and the lagging index shows nothing: the first look
    world.chain.advanceSlots(EXPIRY_CONFIRM_BLOCKS - 3);
    await world.api.followChain(); // still nothing, but too few blocks since the first look to call it
    expect(await world.payout(prepared.id)).toMatchObject({ status: 'prepared' });
    world.chain.advanceSlots(3); // the index has caught up
    expect(await world.followUntilEnded(prepared.id)).toMatchObject({ status: 'completed', signature });
  });
});

describe('a payout whose payer named no history tip when it was prepared', () => {
  it('still expires when the payer has more history than one look reads: older blocks than the payout end the search', async () => {
    const { withdrawal } = await world.pendingWithdrawal();
    // A thousand transactions of the staking wallet's, all before the payout.
    const busy = Array.from({ length: 1_001 }, (_, i) =>
      new Transaction({ feePayer: world.stakingWallet.publicKey }).add(
        new TransactionInstruction({ programId: MEMO_PROGRAM_ID, keys: [], data: Buffer.from(`busy ${i}`) }),
      ),
    );
    for (const transaction of busy) await world.chain.sendTransaction(transaction, [world.stakingWallet]);
    const prepared = (await world.prepare([withdrawal.id])).body;
    // As if the provider had answered no newest transaction at prepare time, and the payout came minutes after those.
    await world.api.db.query("UPDATE payouts SET history_tip = NULL, created_at = now() + interval '6 minutes' WHERE id = :id", {
      replacements: { id: prepared.id },
    });
    world.chain.freezeClock(true);
    world.chain.advanceSlots(prepared.lastValidBlockHeight + 1 - world.chain.blockHeight());
    await world.api.followChain();
    world.chain.advanceSlots(EXPIRY_CONFIRM_BLOCKS);
    await world.api.followChain();
    expect(await world.payout(prepared.id)).toMatchObject({ status: 'expired' });
  });
});

describe('needs_review: it landed and moved tokens, but did not pay a withdrawal exactly as owed', () => {
  it("the holder's account changes hands between prepare and landing: never pending-payable again until an owner resolves it", async () => {
    const { withdrawal, holder } = await world.pendingWithdrawal();
    const paid = await world.pendingWithdrawal();
    const prepared = (await world.prepare([withdrawal.id, paid.withdrawal.id])).body;
    const { accomplice, account } = await world.giveAccountAway(holder);
    const signed = world.sign(prepared);
    expect((await world.postSigned(prepared.id, signed)).status).toBe(200);
    const ended = await world.followUntilEnded(prepared.id);
    const reason = {
      code: 'payoutDestinationChangedHands',
      params: { account: account.toBase58(), owner: accomplice.publicKey.toBase58(), wallet: holder.publicKey.toBase58() },
    };
    expect(ended).toMatchObject({
      status: 'needs_review',
      reason,
      recipients: [
        { withdrawalId: withdrawal.id, outcome: 'review', reason, evidenceSignature: bs58.encode(signed.signature!) },
        { withdrawalId: paid.withdrawal.id, outcome: 'paid', reason: null },
      ],
    });
    // The withdrawal the payout did pay is complete; the other is held.
    expect(await world.adminWithdrawal(paid.withdrawal.id)).toMatchObject({ status: 'completed' });
    expect(await world.adminWithdrawal(withdrawal.id)).toMatchObject({
      status: 'pending',
      payout: { status: 'needs_review', outcome: 'review', holds: true, reason },
    });
    for (const attempt of [
      () => world.prepare([withdrawal.id]),
      () =>
        world.api.request(
          'PUT',
          `/api/admin/withdrawals/${withdrawal.id}`,
          { status: 'completed', txId: bs58.encode(signed.signature!) },
          world.token,
        ),
      () => world.api.request('PUT', `/api/admin/withdrawals/${withdrawal.id}`, { status: 'rejected', reason: 'x' }, world.token),
    ]) {
      expect(await attempt()).toMatchObject({ status: 409, body: { code: 'withdrawalNeedsReview' } });
    }
    // The treasury counts what left: the withdrawal is no longer owed from the balance, it is under review.
    const treasury = await world.api.request<TreasuryCoverage>('GET', '/api/admin/treasury', undefined, world.token);
    expect(BigInt(treasury.body.underReview)).toBeGreaterThanOrEqual(800n);
    // A proof of reserves still counts it for the holder, as their own list does (the holder's check compares the two, DESIGN 15).
    const snapshot = await world.api.request<{ id: number }>('POST', '/api/admin/reserves/snapshots', undefined, world.token);
    expect(snapshot.status).toBe(201);
    const wallet = holder.publicKey.toBase58();
    const proof = await world.api.request<{ liability: string }>('GET', `/api/reserves/${snapshot.body.id}/proof/${wallet}`, undefined, {
      as: wallet,
    });
    expect(BigInt(proof.body.liability)).toBe(rawUnitsOf(withdrawal.finalAmount, DECIMALS));

    // Only an owner, with step-up, resolves it.
    const operator = await adminWithRole(world.api, world.token, 'operator', `operator-${withdrawal.id}`);
    expect(await resolve(withdrawal.id, { action: 'release', note: 'n' }, operator.token)).toMatchObject({
      status: 403,
      body: { requiredRole: 'owner' },
    });
    expect(await resolve(withdrawal.id, { action: 'release', note: 'n' })).toMatchObject({ status: 403, body: { stepUpRequired: true } });
    expect(await resolve(withdrawal.id, { action: 'release', ...STEP_UP })).toMatchObject({ status: 400 });
    const released = await resolve(withdrawal.id, {
      action: 'release',
      note: 'the holder moved the account; paying again to a new one',
      ...STEP_UP,
    });
    expect(released).toMatchObject({ status: 200, body: { status: 'pending' } });
    expect(await resolve(withdrawal.id, { action: 'release', note: 'again', ...STEP_UP })).toMatchObject({
      status: 409,
      body: { code: 'payoutNotUnderReview' },
    });
    expect((await world.payout(prepared.id)).recipients[0]).toMatchObject({
      resolution: { action: 'release', by: 'root', note: 'the holder moved the account; paying again to a new one' },
    });
    const audit = await world.api.request<{ action: string }[]>('GET', '/api/admin/audit-log?limit=5', undefined, world.token);
    expect(audit.body.map((entry) => entry.action)).toContain('withdrawal.resolve_release');
    expect(await world.adminWithdrawal(withdrawal.id)).toMatchObject({ payout: { holds: false } });
    expect(await booksProblems(world.api.db)).toEqual([]);
  });

  it("a provider that hid the mint's transfer fee: the payout pays the holder short, needs_review, and an owner can record it as paid", async () => {
    const feeMint = await world.chain.createMint(DECIMALS, undefined, { transferFee: { basisPoints: 100, maximumFee: tokens(1_000) } });
    await world.chain.mintTo(feeMint, world.stakingWallet.publicKey, tokens(10_000));
    const { withdrawal, holder } = await world.pendingWithdrawal();
    await world.owedIn(feeMint, withdrawal);
    world.flaky().hideTransferFees = true;
    const prepared = (await world.prepare([withdrawal.id])).body;
    world.flaky().hideTransferFees = false;
    const signed = world.sign(prepared);
    expect((await world.postSigned(prepared.id, signed)).status).toBe(200);
    const account = getAssociatedTokenAddressSync(
      feeMint,
      holder.publicKey,
      true,
      (await world.chain.connection.getAccountInfo(feeMint))!.owner,
    );
    expect(await world.followUntilEnded(prepared.id)).toMatchObject({
      status: 'needs_review',
      reason: { code: 'payoutReceivedShort', params: { account: account.toBase58(), received: '792', amount: '800' } },
      failureReason: `The token account ${account.toBase58()} received 792 tokens, not 800`,
    });
    expect(world.chain.tokenBalance(feeMint, holder.publicKey)).toBe(tokens(792));
    expect(await world.prepare([withdrawal.id])).toMatchObject({ status: 409, body: { code: 'withdrawalNeedsReview' } });
    const recorded = await resolve(withdrawal.id, { action: 'paid', note: 'topped up the 8 token fee by hand', ...STEP_UP });
    expect(recorded).toMatchObject({ status: 200, body: { status: 'completed', txId: bs58.encode(signed.signature!) } });
    expect(await booksProblems(world.api.db)).toEqual([]);
  });

  it('a transaction the server did not prepare paid the holder while the payout was open (a wallet altered it and sent it itself)', async () => {
    const { withdrawal, holder } = await world.pendingWithdrawal();
    const prepared = (await world.prepare([withdrawal.id])).body;
    const altered = Transaction.from(Buffer.from(prepared.transaction, 'base64'));
    altered.instructions.unshift(ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 5 }));
    altered.sign(world.stakingWallet);
    const foreign = await world.land(altered);
    // Nobody posts it (the panel closed): the server finds it when the payout's blockhash dies.
    standAt(prepared.lastValidBlockHeight + 1);
    await world.api.followChain();
    const account = getAssociatedTokenAddressSync(world.mint, holder.publicKey).toBase58();
    expect(await world.payout(prepared.id)).toMatchObject({
      status: 'needs_review',
      reason: { code: 'payoutForeignTransfer', params: { signature: foreign, account } },
      recipients: [{ outcome: 'review', evidenceSignature: foreign }],
    });
    expect(await world.adminWithdrawal(withdrawal.id)).toMatchObject({ status: 'pending', payout: { holds: true } });
    const recorded = await resolve(withdrawal.id, { action: 'paid', note: 'the wallet sent its own copy', ...STEP_UP });
    expect(recorded).toMatchObject({ status: 200, body: { status: 'completed', txId: foreign } });
  });

  it('a wallet that signs and sends an altered copy itself: its signature is refused (422) and the payout goes to review at once', async () => {
    const { withdrawal } = await world.pendingWithdrawal();
    const prepared = (await world.prepare([withdrawal.id])).body;
    const altered = Transaction.from(Buffer.from(prepared.transaction, 'base64'));
    altered.instructions.unshift(ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 7 }));
    altered.sign(world.stakingWallet);
    const foreign = await world.land(altered);
    const posted = await world.api.request('POST', `/api/admin/payouts/${prepared.id}/signed`, { signature: foreign }, world.token);
    expect(posted).toMatchObject({ status: 422, body: { code: 'payoutTransactionAltered' } });
    expect(await world.payout(prepared.id)).toMatchObject({ status: 'needs_review', reason: { code: 'payoutForeignTransfer' } });
    expect(await alertsFor(prepared.id)).toEqual([
      { event: 'payout.needs_review', data: { payoutId: prepared.id, reason: expect.stringContaining(foreign) } },
    ]);
    // The unchanged copy can no longer be sent: it would pay the holder a second time.
    expect(await world.postSigned(prepared.id, world.sign(prepared))).toMatchObject({ status: 409, body: { code: 'payoutNotOpen' } });
  });
});

describe('other endings', () => {
  it('a copy that lands with an error is failed: nothing moved, and its withdrawal can be paid again', async () => {
    const drainedMint = await world.chain.createMint(DECIMALS);
    await world.chain.mintTo(drainedMint, world.stakingWallet.publicKey, tokens(1_000));
    const { withdrawal } = await world.pendingWithdrawal();
    await world.owedIn(drainedMint, withdrawal);
    const prepared = (await world.prepare([withdrawal.id])).body;
    // Between prepare and landing the staking wallet's balance goes elsewhere.
    await world.chain.transfer({
      mint: drainedMint,
      from: world.stakingWallet,
      to: Keypair.generate().publicKey,
      rawAmount: tokens(1_000),
      decimals: DECIMALS,
      createDestinationAccount: true,
    });
    expect((await world.postSigned(prepared.id, world.sign(prepared))).status).toBe(200);
    expect(await world.followUntilEnded(prepared.id)).toMatchObject({
      status: 'failed',
      reason: { code: 'payoutFailedOnChain' },
      recipients: [{ outcome: 'freed' }],
    });
    expect(await alertsFor(prepared.id)).toEqual([
      {
        event: 'payout.failed',
        data: { payoutId: prepared.id, reason: 'The payout transaction failed on chain: no tokens moved, only the network fee was paid' },
      },
    ]);
    expect(await world.adminWithdrawal(withdrawal.id)).toMatchObject({ status: 'pending', payout: { status: 'failed', holds: false } });
  });

  it('a payout registered by an earlier panel that never landed goes to review, never back to payable on a browser-given height', async () => {
    const { withdrawal } = await world.pendingWithdrawal();
    const signature = bs58.encode(Buffer.alloc(64, 7));
    const [row] = await world.api.db.query<{ id: number }>(
      `INSERT INTO payouts (status, signature, last_valid_block_height, created_by_username) VALUES ('sent', :signature, 1, 'root') RETURNING id`,
      { replacements: { signature }, type: 'SELECT' as never },
    );
    await world.api.db.query('INSERT INTO payout_withdrawals (payout_id, withdrawal_id) VALUES (:id, :withdrawalId)', {
      replacements: { id: row!.id, withdrawalId: withdrawal.id },
    });
    await world.api.followChain();
    expect(await world.payout(row!.id)).toMatchObject({ status: 'needs_review', reason: { code: 'payoutLegacyUnproven' } });
    expect(await world.prepare([withdrawal.id])).toMatchObject({ status: 409, body: { code: 'withdrawalNeedsReview' } });
  });
});
