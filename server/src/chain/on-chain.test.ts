import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AuthorityType,
  createAccount,
  createAssociatedTokenAccountIdempotentInstruction,
  createSetAuthorityInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token';
import { Keypair, Transaction, type PublicKey } from '@solana/web3.js';
import bs58 from 'bs58';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stake, StakingPlan, Withdrawal } from '@stakedesk/shared/api-types';
import { MESSAGES } from '@stakedesk/shared/messages';
import { createPlan } from '../test/fixtures.js';
import { startTestChain, type TestChain } from '@stakedesk/test-support/test-chain';
import { newHolder, startTestServer, STEP_UP, type Holder, type TestServer } from '../test/test-server.js';
import { ChainUnavailableError } from './chain.js';
import { SolanaChain } from './solana-chain.js';

// The real verifier (SolanaChain over web3.js) against the real SPL Token program in litesvm.
const DECIMALS = 6;
const RPC_TIMEOUT_MS = 3_000;
const tokens = (whole: number) => BigInt(whole) * 10n ** BigInt(DECIMALS);

let chain: TestChain;
let api: TestServer;
let token: string;
let plan: StakingPlan;
let mint: PublicKey;
let otherMint: PublicKey;
const stakingWallet = Keypair.generate();
/** Where the server's verifier sends its RPC calls; a test points it at a closed port. */
let rpcUrl = '';

beforeAll(async () => {
  chain = await startTestChain();
  mint = await chain.createMint(DECIMALS);
  otherMint = await chain.createMint(DECIMALS);
  await chain.createTokenAccount(mint, stakingWallet.publicKey);
  await chain.airdrop(stakingWallet.publicKey, 1_000_000_000);
  rpcUrl = chain.url;
  api = await startTestServer({ realChain: new SolanaChain(async () => rpcUrl, RPC_TIMEOUT_MS) });
  token = await api.login();
  const settings = {
    tokenName: 'Chain Token',
    tokenSymbol: 'CHN',
    tokenContract: mint.toBase58(),
    stakingWallet: stakingWallet.publicKey.toBase58(),
    ...STEP_UP,
  };
  expect((await api.request('PUT', '/api/admin/settings', settings, token)).status).toBe(200);
  plan = await createPlan(api, token, { minStakeAmount: '100', yieldRate: '10', earlyPenaltyRate: '20' });
}, 60_000);
afterAll(async () => {
  await api.close();
  await chain.close();
});

/** A holder with a funded wallet holding 10,000 tokens, signed in to the API. */
async function fundedHolder(): Promise<{ holder: Holder; keypair: Keypair }> {
  const holder = newHolder();
  const keypair = Keypair.fromSecretKey(holder.secretKey);
  await chain.airdrop(keypair.publicKey, 1_000_000_000);
  await chain.mintTo(mint, keypair.publicKey, tokens(10_000));
  await chain.mintTo(otherMint, keypair.publicKey, tokens(10_000));
  await api.signIn(holder);
  return { holder, keypair };
}

/** POST /api/stakes as the (signed-in) holder `walletAddress`. */
const record = (walletAddress: string, txId: string, amount = '1000') =>
  api.request<Stake>('POST', '/api/stakes', { planId: plan.id, walletAddress, txId, amount, status: 'active' }, { as: walletAddress });

async function stakesWithTx(txId: string): Promise<number> {
  const [rows] = await api.db.query('SELECT count(*)::int AS n FROM stakes WHERE tx_id = :txId', { replacements: { txId } });
  return (rows as { n: number }[])[0]!.n;
}

describe('deposits proven on chain', () => {
  it('records a real transfer once; the same deposit again returns it; another claim on its txId is 409', async () => {
    const { keypair } = await fundedHolder();
    const txId = await chain.transfer({ mint, from: keypair, to: stakingWallet.publicKey, rawAmount: tokens(1000), decimals: DECIMALS });
    const wallet = keypair.publicKey.toBase58();
    const first = await record(wallet, txId);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ amount: '1000', rewardAmount: '100', txId, walletAddress: wallet });
    expect((await record(wallet, txId)).status).toBe(200);
    const reuse = await record(wallet, txId, '500');
    expect(reuse.status).toBe(409);
    expect(reuse.body).toMatchObject({ message: MESSAGES.txIdAlreadyUsed });
    expect(await stakesWithTx(txId)).toBe(1);
  });

  it.each([
    ['a short amount', 999, 'The staking wallet received 999 tokens, not 1000'],
    ['a larger amount than claimed', 1001, 'The staking wallet received 1001 tokens, not 1000'],
  ])('refuses %s (422) and records nothing', async (_name, sent, message) => {
    const { keypair } = await fundedHolder();
    const txId = await chain.transfer({ mint, from: keypair, to: stakingWallet.publicKey, rawAmount: tokens(sent), decimals: DECIMALS });
    const response = await record(keypair.publicKey.toBase58(), txId);
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ message });
    expect(await stakesWithTx(txId)).toBe(0);
  });

  it('refuses a partial transfer: part to the staking wallet, part elsewhere', async () => {
    const { keypair } = await fundedHolder();
    const elsewhere = Keypair.generate().publicKey;
    const from = getAssociatedTokenAddressSync(mint, keypair.publicKey);
    const toVault = getAssociatedTokenAddressSync(mint, stakingWallet.publicKey);
    const toOther = await chain.createTokenAccount(mint, elsewhere);
    const tx = new Transaction().add(
      createTransferCheckedInstruction(from, mint, toVault, keypair.publicKey, tokens(600), DECIMALS),
      createTransferCheckedInstruction(from, mint, toOther, keypair.publicKey, tokens(400), DECIMALS),
    );
    const txId = await chain.sendTransaction(tx, [chain.payer, keypair]);
    const response = await record(keypair.publicKey.toBase58(), txId);
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ message: 'The staking wallet received 600 tokens, not 1000' });
  });

  it('refuses a transfer of another token', async () => {
    const { keypair } = await fundedHolder();
    await chain.createTokenAccount(otherMint, stakingWallet.publicKey);
    const txId = await chain.transfer({
      mint: otherMint,
      from: keypair,
      to: stakingWallet.publicKey,
      rawAmount: tokens(1000),
      decimals: DECIMALS,
    });
    const response = await record(keypair.publicKey.toBase58(), txId);
    expect(response).toMatchObject({ status: 422, body: { message: 'The transaction moved a different token' } });
  });

  it('refuses a transfer to another wallet', async () => {
    const { keypair } = await fundedHolder();
    const txId = await chain.transfer({
      mint,
      from: keypair,
      to: Keypair.generate().publicKey,
      rawAmount: tokens(1000),
      decimals: DECIMALS,
      createDestinationAccount: true,
    });
    const response = await record(keypair.publicKey.toBase58(), txId);
    expect(response).toMatchObject({ status: 422, body: { message: 'The transaction did not send tokens to the staking wallet' } });
  });

  it("refuses a claim on someone else's transfer", async () => {
    const { keypair } = await fundedHolder();
    const claimant = await fundedHolder();
    const txId = await chain.transfer({ mint, from: keypair, to: stakingWallet.publicKey, rawAmount: tokens(1000), decimals: DECIMALS });
    const response = await record(claimant.keypair.publicKey.toBase58(), txId);
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ message: `The wallet ${claimant.keypair.publicKey.toBase58()} sent 0 tokens, not 1000` });
  });

  it('refuses a transfer into an account whose owner is switched to the staking wallet in the same transaction', async () => {
    const { keypair } = await fundedHolder();
    const attacker = Keypair.generate();
    await chain.airdrop(attacker.publicKey, 1_000_000_000);
    const trap = await createAccount(chain.connection, chain.payer, mint, attacker.publicKey, Keypair.generate());
    const from = getAssociatedTokenAddressSync(mint, keypair.publicKey);
    const tx = new Transaction().add(
      createTransferCheckedInstruction(from, mint, trap, keypair.publicKey, tokens(1000), DECIMALS),
      createSetAuthorityInstruction(trap, attacker.publicKey, AuthorityType.AccountOwner, stakingWallet.publicKey),
    );
    const txId = await chain.sendTransaction(tx, [chain.payer, keypair, attacker]);
    const response = await record(keypair.publicKey.toBase58(), txId);
    expect(response).toMatchObject({ status: 422, body: { message: 'A token account changed owner in this transaction' } });
  });

  it('refuses a transaction that failed on chain', async () => {
    const { keypair } = await fundedHolder();
    const txId = await chain.transfer({
      mint,
      from: keypair,
      to: stakingWallet.publicKey,
      rawAmount: tokens(50_000),
      decimals: DECIMALS,
      allowFailure: true,
    });
    const response = await record(keypair.publicKey.toBase58(), txId, '50000');
    expect(response).toMatchObject({ status: 422, body: { message: 'The transaction failed on chain' } });
  });

  it('answers a signature the chain does not know (yet) with 503 retryable, never a final refusal', async () => {
    const { keypair } = await fundedHolder();
    const response = await record(keypair.publicKey.toBase58(), bs58.encode(Keypair.generate().secretKey));
    expect(response).toMatchObject({
      status: 503,
      body: {
        message: 'Transaction not found on chain (or not yet confirmed). Nothing was recorded; please try again shortly.',
        retryable: true,
      },
    });
  });

  it('answers 503 and records nothing while the chain is unreachable; the retry records it', async () => {
    const { keypair } = await fundedHolder();
    const txId = await chain.transfer({ mint, from: keypair, to: stakingWallet.publicKey, rawAmount: tokens(1000), decimals: DECIMALS });
    rpcUrl = 'http://127.0.0.1:9';
    try {
      const response = await record(keypair.publicKey.toBase58(), txId);
      expect(response.status).toBe(503);
      expect(response.body).toMatchObject({ retryable: true });
      expect(await stakesWithTx(txId)).toBe(0);
    } finally {
      rpcUrl = chain.url;
    }
    expect((await record(keypair.publicKey.toBase58(), txId)).status).toBe(201);
  });

  it('answers 503 within the RPC timeout and records nothing while the chain hangs; the retry records it', async () => {
    const { keypair } = await fundedHolder();
    const txId = await chain.transfer({ mint, from: keypair, to: stakingWallet.publicKey, rawAmount: tokens(1000), decimals: DECIMALS });
    const hanging = createServer(() => undefined); // takes the request and never answers
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    rpcUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
    try {
      const started = Date.now();
      const response = await record(keypair.publicKey.toBase58(), txId);
      expect(response.status).toBe(503);
      expect(response.body).toMatchObject({ retryable: true });
      expect(Date.now() - started).toBeLessThan(3 * RPC_TIMEOUT_MS);
      expect(await stakesWithTx(txId)).toBe(0);
    } finally {
      rpcUrl = chain.url;
      hanging.closeAllConnections();
      hanging.close();
    }
    expect((await record(keypair.publicKey.toBase58(), txId)).status).toBe(201);
  });
});

describe('payouts proven on chain', () => {
  async function pendingWithdrawal(of?: {
    holder: Holder;
    keypair: Keypair;
  }): Promise<{ withdrawal: Withdrawal; holder: Keypair; of: { holder: Holder; keypair: Keypair } }> {
    const { holder, keypair } = of ?? (await fundedHolder());
    const txId = await chain.transfer({ mint, from: keypair, to: stakingWallet.publicKey, rawAmount: tokens(1000), decimals: DECIMALS });
    const stake = (await record(holder.wallet, txId)).body;
    const response = await api.request<Withdrawal>(
      'POST',
      '/api/withdrawals',
      { stakeId: stake.id, walletAddress: holder.wallet },
      { as: holder.wallet },
    );
    expect(response.body, JSON.stringify(response.body)).toMatchObject({ kind: 'early', finalAmount: '800', penaltyAmount: '200' });
    return { withdrawal: response.body, holder: keypair, of: { holder, keypair } };
  }

  const complete = (id: number, txId: string) => api.request('PUT', `/api/admin/withdrawals/${id}`, { status: 'completed', txId }, token);

  it('completes a withdrawal paid with exactly its final amount to the holder', async () => {
    const { withdrawal, holder } = await pendingWithdrawal();
    const txId = await chain.transfer({ mint, from: stakingWallet, to: holder.publicKey, rawAmount: tokens(800), decimals: DECIMALS });
    const response = await complete(withdrawal.id, txId);
    expect(response).toMatchObject({ status: 200, body: { status: 'completed', txId } });
  });

  it('refuses a payout of the wrong amount or to the wrong wallet, saying what differs', async () => {
    const { withdrawal, holder } = await pendingWithdrawal();
    const short = await chain.transfer({ mint, from: stakingWallet, to: holder.publicKey, rawAmount: tokens(799), decimals: DECIMALS });
    expect(await complete(withdrawal.id, short)).toMatchObject({
      status: 422,
      body: {
        message: "The holder's wallet received 799 tokens, not 800",
        code: 'payoutWrongAmount',
        params: { received: '799', amount: '800' },
      },
    });
    const stranger = Keypair.generate().publicKey;
    const misdirected = await chain.transfer({
      mint,
      from: stakingWallet,
      to: stranger,
      rawAmount: tokens(800),
      decimals: DECIMALS,
      createDestinationAccount: true,
    });
    expect(await complete(withdrawal.id, misdirected)).toMatchObject({
      status: 422,
      body: { message: `The transaction sent no tokens to the holder's wallet ${holder.publicKey.toBase58()}` },
    });
    const [rows] = await api.db.query(`SELECT status FROM withdrawals WHERE id = :id`, { replacements: { id: withdrawal.id } });
    expect(rows).toEqual([{ status: 'pending' }]);
  });

  it('refuses tokens that reached the holder from another wallet than the staking wallet', async () => {
    const { withdrawal, holder } = await pendingWithdrawal();
    const { keypair: stranger } = await fundedHolder();
    const txId = await chain.transfer({ mint, from: stranger, to: holder.publicKey, rawAmount: tokens(800), decimals: DECIMALS });
    expect(await complete(withdrawal.id, txId)).toMatchObject({
      status: 422,
      body: { message: `The tokens did not come from the staking wallet ${stakingWallet.publicKey.toBase58()}` },
    });
  });

  it('one transaction paying several holders, one without a token account yet, completes each withdrawal once', async () => {
    const paid = [await pendingWithdrawal(), await pendingWithdrawal()];
    // The second holder has no token account of the mint any more: the batch creates it.
    const emptyHolder = Keypair.generate();
    const third = await pendingWithdrawal();
    await api.db.query(`UPDATE withdrawals SET wallet_address = :wallet WHERE id = :id`, {
      replacements: { wallet: emptyHolder.publicKey.toBase58(), id: third.withdrawal.id },
    });
    const recipients = [...paid.map((p) => p.holder.publicKey), emptyHolder.publicKey];
    const source = getAssociatedTokenAddressSync(mint, stakingWallet.publicKey);
    const batch = new Transaction();
    for (const owner of recipients) {
      const destination = getAssociatedTokenAddressSync(mint, owner);
      batch.add(
        createAssociatedTokenAccountIdempotentInstruction(stakingWallet.publicKey, destination, owner, mint),
        createTransferCheckedInstruction(source, mint, destination, stakingWallet.publicKey, tokens(800), DECIMALS),
      );
    }
    batch.feePayer = stakingWallet.publicKey;
    const txId = await chain.sendTransaction(batch, [stakingWallet]);
    expect(chain.tokenBalance(mint, emptyHolder.publicKey)).toBe(tokens(800));

    for (const { withdrawal } of [...paid, third]) {
      expect((await complete(withdrawal.id, txId)).status).toBe(200);
    }
    // The first holder's second withdrawal, of the same amount: that transfer paid the first one already.
    const again = await pendingWithdrawal(paid[0]!.of);
    expect(await complete(again.withdrawal.id, txId)).toMatchObject({ status: 409, body: { message: MESSAGES.txIdAlreadyUsed } });
    // A holder the batch did not pay cannot use its signature either.
    const stranger = await pendingWithdrawal();
    expect(await complete(stranger.withdrawal.id, txId)).toMatchObject({ status: 422 });
    const [rows] = await api.db.query(`SELECT count(*)::int AS n FROM withdrawals WHERE tx_id = :txId`, { replacements: { txId } });
    expect(rows).toEqual([{ n: 3 }]);
  });

  it('never takes a deposit transaction as a payout', async () => {
    const { withdrawal } = await pendingWithdrawal();
    const [rows] = await api.db.query(`SELECT tx_id FROM stakes ORDER BY id DESC LIMIT 1`);
    const depositTx = (rows as { tx_id: string }[])[0]!.tx_id;
    expect((await complete(withdrawal.id, depositTx)).status).toBe(409);
  });
});

describe('reconciliation', () => {
  it('lists a deposit that reached the staking wallet but was never recorded, until it is', async () => {
    const { keypair } = await fundedHolder();
    const txId = await chain.transfer({ mint, from: keypair, to: stakingWallet.publicKey, rawAmount: tokens(1234), decimals: DECIMALS });
    const listed = await api.request<{ txId: string }[]>('GET', '/api/admin/reconciliation?limit=1000', undefined, token);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.find((d) => d.txId === txId)).toMatchObject({ txId, sender: keypair.publicKey.toBase58(), amount: '1234' });
    expect(listed.body.every((d) => d.txId !== undefined)).toBe(true);

    expect((await record(keypair.publicKey.toBase58(), txId, '1234')).status).toBe(201);
    const after = await api.request<{ txId: string }[]>('GET', '/api/admin/reconciliation?limit=1000', undefined, token);
    expect(after.body.some((d) => d.txId === txId)).toBe(false);
  });

  it('needs an admin', async () => {
    expect((await api.request('GET', '/api/admin/reconciliation')).status).toBe(401);
  });
});

describe('token balance (treasury coverage)', () => {
  it("reads an owner's balance of the mint exactly, in tokens", async () => {
    const owner = Keypair.generate();
    await chain.mintTo(mint, owner.publicKey, tokens(1234) + 500_000n);
    await chain.mintTo(otherMint, owner.publicKey, tokens(99));
    const reader = new SolanaChain(async () => chain.url, RPC_TIMEOUT_MS);
    expect(await reader.tokenBalance(mint.toBase58(), owner.publicKey.toBase58())).toBe('1234.5');
    expect(await reader.tokenBalance(mint.toBase58(), Keypair.generate().publicKey.toBase58())).toBe('0');
  });

  it('is ChainUnavailableError when the chain cannot be asked', async () => {
    const reader = new SolanaChain(async () => 'http://127.0.0.1:9', RPC_TIMEOUT_MS);
    await expect(reader.tokenBalance(mint.toBase58(), stakingWallet.publicKey.toBase58())).rejects.toBeInstanceOf(ChainUnavailableError);
  });
});
