import {
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token';
import { Keypair, type PublicKey, Transaction } from '@solana/web3.js';
import bs58 from 'bs58';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminWithdrawal, Payout, Stake, StakingPlan, Withdrawal } from '@stakedesk/shared/api-types';
import { MESSAGES } from '@stakedesk/shared/messages';
import { booksProblems } from '../test/books.js';
import { DECIMALS, startChainStakingServer, tokens, type ChainStakingServer } from '../test/chain-staking-server.js';
import { releaseTogether } from '../test/release-together.js';
import type { TestChain } from '@stakedesk/test-support/test-chain';
import { STEP_UP, type TestServer } from '../test/test-server.js';

// Payouts registered before they are sent, and followed to their end by the server, on the real SPL Token program.
let world: ChainStakingServer;
let chain: TestChain;
let api: TestServer;
let token: string;
let plan: StakingPlan;
let mint: PublicKey;
let stakingWallet: Keypair;

beforeAll(async () => {
  world = await startChainStakingServer();
  ({ chain, api, token, plan, mint, stakingWallet } = world);
}, 60_000);
afterAll(() => world.close());

type Pending = { withdrawal: Withdrawal; holder: Keypair };

/** A holder who staked 1000 and asked for an early withdrawal: 800 to pay. */
async function pendingWithdrawal(): Promise<Pending> {
  const { holder, keypair } = await world.fundedHolder(1000);
  const txId = await chain.transfer({ mint, from: keypair, to: stakingWallet.publicKey, rawAmount: tokens(1000), decimals: DECIMALS });
  const stake = await api.request<Stake>(
    'POST',
    '/api/stakes',
    { planId: plan.id, walletAddress: holder.wallet, txId, amount: '1000', status: 'active' },
    { as: holder.wallet },
  );
  expect(stake.status).toBe(201);
  const withdrawal = await api.request<Withdrawal>(
    'POST',
    '/api/withdrawals',
    { stakeId: stake.body.id, walletAddress: holder.wallet },
    { as: holder.wallet },
  );
  expect(withdrawal.body.finalAmount).toBe('800');
  return { withdrawal: withdrawal.body, holder: keypair };
}

/** What the panel does before sending: a payout transaction signed by the staking wallet, its signature and last valid block height. */
function signedPayout(items: { to: PublicKey; amount: number | bigint }[], from = stakingWallet, { createAccounts = true } = {}) {
  const { blockhash, lastValidBlockHeight } = chain.latestBlockhash();
  const transaction = new Transaction({ feePayer: from.publicKey, blockhash, lastValidBlockHeight });
  for (const { to, amount } of items) {
    const destination = getAssociatedTokenAddressSync(mint, to);
    if (createAccounts) transaction.add(createAssociatedTokenAccountIdempotentInstruction(from.publicKey, destination, to, mint));
    transaction.add(
      createTransferCheckedInstruction(
        getAssociatedTokenAddressSync(mint, from.publicKey),
        mint,
        destination,
        from.publicKey,
        tokens(amount),
        DECIMALS,
      ),
    );
  }
  transaction.sign(from);
  return { transaction, signature: bs58.encode(transaction.signature!), lastValidBlockHeight };
}

const register = (withdrawalIds: number[], signature: string, lastValidBlockHeight: number) =>
  api.request<Payout>('POST', '/api/admin/payouts', { withdrawalIds, signature, lastValidBlockHeight }, token);

const send = (transaction: Transaction) => chain.connection.sendRawTransaction(transaction.serialize(), { skipPreflight: true });

async function adminWithdrawal(id: number): Promise<AdminWithdrawal> {
  const list = await api.request<AdminWithdrawal[]>('GET', '/api/admin/withdrawals?limit=1000', undefined, token);
  return list.body.find((w) => w.id === id)!;
}

const payoutsNamed = async (signature: string) =>
  (await api.request<Payout[]>('GET', '/api/admin/payouts?limit=1000', undefined, token)).body.filter((p) => p.signature === signature);

describe('POST /api/admin/payouts', () => {
  it('registers a signed payout as sent, and the withdrawal shows it', async () => {
    const { withdrawal, holder } = await pendingWithdrawal();
    const { signature, lastValidBlockHeight } = signedPayout([{ to: holder.publicKey, amount: 800 }]);
    const response = await register([withdrawal.id], signature, lastValidBlockHeight);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      status: 'sent',
      withdrawalIds: [withdrawal.id],
      signature,
      lastValidBlockHeight,
      createdBy: 'root',
    });
    expect((await adminWithdrawal(withdrawal.id)).payout).toEqual({ id: response.body.id, status: 'sent', signature, failureReason: null });
    // The panel retrying after a lost answer gets the same payout.
    const again = await register([withdrawal.id], signature, lastValidBlockHeight);
    expect(again).toMatchObject({ status: 200, body: { id: response.body.id } });
  });

  it('two panels paying one withdrawal at once: one registration wins, the other is refused before its transaction is sent', async () => {
    const { withdrawal, holder } = await pendingWithdrawal();
    // Two panels build two different transactions paying the same withdrawal.
    const panels = [
      signedPayout([{ to: holder.publicKey, amount: 800 }]),
      signedPayout([{ to: holder.publicKey, amount: 800 }], stakingWallet, { createAccounts: false }),
    ];
    expect(panels[0]!.signature).not.toBe(panels[1]!.signature);
    const answers = await releaseTogether(
      api.baseUrl,
      panels.map(({ signature, lastValidBlockHeight }) => ({
        method: 'POST',
        path: '/api/admin/payouts',
        body: { withdrawalIds: [withdrawal.id], signature, lastValidBlockHeight },
        headers: { authorization: `Bearer ${token}` },
      })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.message).toBe(MESSAGES.payoutInFlight);
    // Only the winner's transaction is sent: the holder is paid once.
    const winner = panels[answers.findIndex((answer) => answer.status === 201)]!;
    const before = chain.tokenBalance(mint, holder.publicKey);
    await send(winner.transaction);
    await api.followChain();
    expect(chain.tokenBalance(mint, holder.publicKey) - before).toBe(tokens(800));
    expect((await adminWithdrawal(withdrawal.id)).txId).toBe(winner.signature);
  });

  it('refuses, while a payout is on its way, a pasted TXID and a rejection of its withdrawal (409)', async () => {
    const { withdrawal, holder } = await pendingWithdrawal();
    const { signature, lastValidBlockHeight, transaction } = signedPayout([{ to: holder.publicKey, amount: 800 }]);
    expect((await register([withdrawal.id], signature, lastValidBlockHeight)).status).toBe(201);
    await send(transaction);
    const pasted = await api.request('PUT', `/api/admin/withdrawals/${withdrawal.id}`, { status: 'completed', txId: signature }, token);
    expect(pasted).toMatchObject({ status: 409, body: { message: MESSAGES.payoutInFlight } });
    const rejected = await api.request(
      'PUT',
      `/api/admin/withdrawals/${withdrawal.id}`,
      { status: 'rejected', reason: 'changed my mind' },
      token,
    );
    expect(rejected).toMatchObject({ status: 409, body: { message: MESSAGES.payoutInFlight } });
    await api.followChain();
    expect((await adminWithdrawal(withdrawal.id)).status).toBe('completed');
  });

  it('refuses bad registrations with a clear answer and registers nothing', async () => {
    const first = await pendingWithdrawal();
    const { signature, lastValidBlockHeight } = signedPayout([{ to: first.holder.publicKey, amount: 800 }]);
    expect((await register([], signature, lastValidBlockHeight)).body.errors).toEqual({ withdrawalIds: MESSAGES.withdrawalIdsRequired });
    expect((await register([first.withdrawal.id, first.withdrawal.id], signature, lastValidBlockHeight)).body.errors).toEqual({
      withdrawalIds: MESSAGES.withdrawalIdsRepeated,
    });
    expect((await register([first.withdrawal.id], 'not-a-signature', lastValidBlockHeight)).status).toBe(400);
    expect((await register([999_999], signature, lastValidBlockHeight)).status).toBe(404);
    const farAhead = await register([first.withdrawal.id], signature, lastValidBlockHeight + 10_000);
    expect(farAhead).toMatchObject({ status: 400, body: { message: MESSAGES.payoutBlockHeightTooFar } });
    expect(
      (await api.request('POST', '/api/admin/payouts', { withdrawalIds: [first.withdrawal.id], signature, lastValidBlockHeight })).status,
    ).toBe(401);
    expect(await payoutsNamed(signature)).toEqual([]);
  });
});

describe('the server follows every sent payout to its end', () => {
  it('completes the withdrawals when the transaction lands, though the panel never reports back (its RPC failed after sending)', async () => {
    const [a, b] = [await pendingWithdrawal(), await pendingWithdrawal()];
    const { signature, lastValidBlockHeight, transaction } = signedPayout([
      { to: a.holder.publicKey, amount: 800 },
      { to: b.holder.publicKey, amount: 800 },
    ]);
    expect((await register([a.withdrawal.id, b.withdrawal.id], signature, lastValidBlockHeight)).status).toBe(201);
    const before = chain.tokenBalance(mint, a.holder.publicKey);
    await send(transaction);
    // Nothing else comes from the panel: the server finds the outcome itself.
    await api.followChain();
    for (const { withdrawal } of [a, b]) {
      expect(await adminWithdrawal(withdrawal.id)).toMatchObject({
        status: 'completed',
        txId: signature,
        payout: { status: 'completed', signature },
      });
    }
    expect(chain.tokenBalance(mint, a.holder.publicKey) - before).toBe(tokens(800));
    expect(await payoutsNamed(signature)).toMatchObject([{ status: 'completed', failureReason: null }]);
    // A second payout of the same withdrawal is refused before anything is signed or sent.
    const second = signedPayout([{ to: a.holder.publicKey, amount: 800 }]);
    expect((await register([a.withdrawal.id], second.signature, second.lastValidBlockHeight)).status).toBe(409);
    expect(await booksProblems(api.sequelize)).toEqual([]);
  });

  it('expires a payout whose transaction never landed before its blockhash did, and frees its withdrawal', async () => {
    const { withdrawal, holder } = await pendingWithdrawal();
    const never = signedPayout([{ to: holder.publicKey, amount: 800 }]);
    expect((await register([withdrawal.id], never.signature, never.lastValidBlockHeight)).status).toBe(201);
    await api.followChain();
    expect((await adminWithdrawal(withdrawal.id)).payout?.status).toBe('sent');
    chain.advanceSlots(200);
    await api.followChain();
    expect(await adminWithdrawal(withdrawal.id)).toMatchObject({
      status: 'pending',
      payout: { status: 'expired', signature: never.signature },
    });
    // The expired transaction can no longer land: sent now, the chain drops it.
    await send(never.transaction).catch(() => undefined);
    expect((await chain.connection.getSignatureStatuses([never.signature])).value[0]).toBeNull();
    const retry = signedPayout([{ to: holder.publicKey, amount: 800 }]);
    expect((await register([withdrawal.id], retry.signature, retry.lastValidBlockHeight)).status).toBe(201);
    await send(retry.transaction);
    await api.followChain();
    expect((await adminWithdrawal(withdrawal.id)).status).toBe('completed');
  });

  it('a payout that failed on chain is failed, says so, and its withdrawal can be paid again', async () => {
    const { withdrawal, holder } = await pendingWithdrawal();
    const empty = Keypair.generate();
    await chain.airdrop(empty.publicKey, 1_000_000_000);
    await chain.createTokenAccount(mint, empty.publicKey);
    // Signed by a wallet holding none of the token: the transfer fails on chain, only the fee is paid.
    const failing = signedPayout([{ to: holder.publicKey, amount: 800 }], empty);
    expect((await register([withdrawal.id], failing.signature, failing.lastValidBlockHeight)).status).toBe(201);
    await send(failing.transaction);
    await api.followChain();
    expect(await adminWithdrawal(withdrawal.id)).toMatchObject({
      status: 'pending',
      payout: { status: 'failed', failureReason: expect.stringContaining('failed on chain') },
    });
    const retry = signedPayout([{ to: holder.publicKey, amount: 800 }]);
    expect((await register([withdrawal.id], retry.signature, retry.lastValidBlockHeight)).status).toBe(201);
  });

  it('a payout that landed but did not pay as it must is failed with the reason, and its withdrawal stays pending, flagged', async () => {
    const { withdrawal, holder } = await pendingWithdrawal();
    const short = signedPayout([{ to: holder.publicKey, amount: 799 }]);
    expect((await register([withdrawal.id], short.signature, short.lastValidBlockHeight)).status).toBe(201);
    await send(short.transaction);
    await api.followChain();
    expect(await adminWithdrawal(withdrawal.id)).toMatchObject({
      status: 'pending',
      payout: { status: 'failed', failureReason: "The holder's wallet received 799 tokens, not 800" },
    });
    expect(await payoutsNamed(short.signature)).toMatchObject([
      { status: 'failed', failureReason: "The holder's wallet received 799 tokens, not 800" },
    ]);
    const listed = await api.request<Payout[]>('GET', '/api/admin/payouts?status=failed', undefined, token);
    expect(listed.body.every((p) => p.status === 'failed')).toBe(true);
    expect(Number(listed.headers.get('x-total-count'))).toBe(listed.body.length);
  });

  it('settles each payout once, however many rounds (or instances) look at it together', async () => {
    const { withdrawal, holder } = await pendingWithdrawal();
    const { signature, lastValidBlockHeight, transaction } = signedPayout([{ to: holder.publicKey, amount: 800 }]);
    await register([withdrawal.id], signature, lastValidBlockHeight);
    await send(transaction);
    await Promise.all([api.followChain(), api.followChain(), api.followChain()]);
    const [rows] = await api.sequelize.query(
      `SELECT count(*)::int AS n FROM audit_logs WHERE action = 'payout.completed' AND entity_id IN (SELECT id::text FROM payouts WHERE signature = :signature)`,
      {
        replacements: { signature },
      },
    );
    expect(rows).toEqual([{ n: 1 }]);
    expect(await booksProblems(api.sequelize)).toEqual([]);
  });
});

describe('payout checks', () => {
  it('refuses a pasted TXID older than the withdrawal request (422)', async () => {
    const early = await pendingWithdrawal();
    const old = await chain.transfer({ mint, from: stakingWallet, to: early.holder.publicKey, rawAmount: tokens(800), decimals: DECIMALS });
    await api.sequelize.query(`UPDATE withdrawals SET requested_at = now() + interval '1 minute' WHERE id = :id`, {
      replacements: { id: early.withdrawal.id },
    });
    const pasted = await api.request('PUT', `/api/admin/withdrawals/${early.withdrawal.id}`, { status: 'completed', txId: old }, token);
    expect(pasted).toMatchObject({ status: 422, body: { message: 'The transaction is older than the withdrawal request' } });
  });

  it("pays from the stake's own staking wallet: after the settings name another, a payout from it is refused", async () => {
    const { withdrawal, holder } = await pendingWithdrawal();
    const newWallet = Keypair.generate();
    await chain.airdrop(newWallet.publicKey, 1_000_000_000);
    await chain.mintTo(mint, newWallet.publicKey, tokens(10_000));
    const settings = {
      tokenName: 'Chain Token',
      tokenSymbol: 'CHN',
      tokenContract: mint.toBase58(),
      stakingWallet: newWallet.publicKey.toBase58(),
      ...STEP_UP,
    };
    expect((await api.request('PUT', '/api/admin/settings', settings, token)).status).toBe(200);
    try {
      expect((await adminWithdrawal(withdrawal.id)).stakingWallet).toBe(stakingWallet.publicKey.toBase58());
      const fromNew = await chain.transfer({ mint, from: newWallet, to: holder.publicKey, rawAmount: tokens(800), decimals: DECIMALS });
      const refused = await api.request('PUT', `/api/admin/withdrawals/${withdrawal.id}`, { status: 'completed', txId: fromNew }, token);
      expect(refused).toMatchObject({
        status: 422,
        body: { message: `The tokens did not come from the staking wallet ${stakingWallet.publicKey.toBase58()}` },
      });
      const fromOwn = await chain.transfer({ mint, from: stakingWallet, to: holder.publicKey, rawAmount: tokens(800), decimals: DECIMALS });
      expect(
        (await api.request('PUT', `/api/admin/withdrawals/${withdrawal.id}`, { status: 'completed', txId: fromOwn }, token)).status,
      ).toBe(200);
    } finally {
      await api.request('PUT', '/api/admin/settings', { ...settings, stakingWallet: stakingWallet.publicKey.toBase58() }, token);
    }
  });
});
