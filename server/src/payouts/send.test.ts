import { createTransferCheckedInstruction, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { ComputeBudgetProgram, Keypair, Transaction } from '@solana/web3.js';
import bs58 from 'bs58';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { booksProblems } from '../test/books.js';
import { DECIMALS, signBytes, startPayoutWorld, tokens, type PayoutWorld } from '../test/payout-world.js';
import { SolanaChain } from '../chain/solana-chain.js';
import { createLogger } from '../logger.js';
import { followPayouts } from './follow.js';

// The staking wallet signs what the server prepared; the server checks every byte, sends it itself and follows it.
let world: PayoutWorld;

beforeAll(async () => {
  world = await startPayoutWorld();
}, 60_000);
afterAll(() => world.close());

const sendsOf = (signature: string) =>
  world.chain.requests.filter(
    (request) =>
      request.method === 'sendTransaction' &&
      bs58.encode(Transaction.from(Buffer.from(String(request.params[0]), 'base64')).signature!) === signature,
  ).length;

describe('POST /api/admin/payouts/{id}/signed', () => {
  it('one click: prepare, sign, post; the server sends it, and completes the withdrawal once it is finalized', async () => {
    const { withdrawal, holder } = await world.pendingWithdrawal();
    const before = world.chain.tokenBalance(world.mint, holder.publicKey);
    const prepared = (await world.prepare([withdrawal.id])).body;
    const signed = world.sign(prepared);
    const signature = bs58.encode(signed.signature!);
    const posted = await world.postSigned(prepared.id, signed);
    expect(posted).toMatchObject({ status: 200, body: { id: prepared.id, status: 'sent', signature } });
    expect(sendsOf(signature)).toBe(1);
    expect(await world.followUntilEnded(prepared.id)).toMatchObject({ status: 'completed', recipients: [{ outcome: 'paid' }] });
    expect(world.chain.tokenBalance(world.mint, holder.publicKey) - before).toBe(tokens(800));
    expect(await world.adminWithdrawal(withdrawal.id)).toMatchObject({
      status: 'completed',
      txId: signature,
      payout: { status: 'completed', holds: false },
    });
    // The panel retrying after a lost answer: the same copy answers the payout as it stands, and nothing is sent again.
    expect(await world.postSigned(prepared.id, signed)).toMatchObject({ status: 200, body: { status: 'completed', signature } });
    expect(sendsOf(signature)).toBe(1);
    expect(await booksProblems(world.api.db)).toEqual([]);
  });

  it('a wallet that alters the transaction is refused (422) and nothing is sent; the unchanged copy is then accepted', async () => {
    const { withdrawal, holder } = await world.pendingWithdrawal();
    const prepared = (await world.prepare([withdrawal.id])).body;
    const accomplice = Keypair.generate();
    await world.chain.createTokenAccount(world.mint, accomplice.publicKey);
    const alterations: Array<(transaction: Transaction) => void> = [
      // a priority fee added, as some wallets do
      (t) => t.instructions.unshift(ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1000 })),
      // the amount raised
      (t) =>
        (t.instructions[0] = createTransferCheckedInstruction(
          getAssociatedTokenAddressSync(world.mint, world.stakingWallet.publicKey),
          world.mint,
          getAssociatedTokenAddressSync(world.mint, holder.publicKey),
          world.stakingWallet.publicKey,
          tokens(8000),
          DECIMALS,
        )),
      // another destination
      (t) =>
        (t.instructions[0] = createTransferCheckedInstruction(
          getAssociatedTokenAddressSync(world.mint, world.stakingWallet.publicKey),
          world.mint,
          getAssociatedTokenAddressSync(world.mint, accomplice.publicKey),
          world.stakingWallet.publicKey,
          tokens(800),
          DECIMALS,
        )),
      // a newer blockhash (the wallet "refreshed" it)
      (t) => (t.recentBlockhash = world.chain.latestBlockhash().blockhash),
    ];
    const requestsBefore = world.chain.requests.filter((request) => request.method === 'sendTransaction').length;
    for (const alter of alterations) {
      const transaction = Transaction.from(Buffer.from(prepared.transaction, 'base64'));
      alter(transaction);
      transaction.sign(world.stakingWallet);
      const refused = await world.postSigned(prepared.id, transaction);
      expect(refused).toMatchObject({
        status: 422,
        body: {
          code: 'payoutTransactionAltered',
          message: expect.stringMatching(/^The signed transaction is not the one the server prepared/),
        },
      });
    }
    // The right message signed by another key, a copy with a signature cut off, bytes that are no transaction.
    const forged = Transaction.from(Buffer.from(prepared.transaction, 'base64'));
    forged.addSignature(world.stakingWallet.publicKey, signBytes(accomplice, forged.serializeMessage()));
    expect((await world.postSigned(prepared.id, forged)).status).toBe(422);
    const good = world.wire(world.sign(prepared));
    expect((await world.postSigned(prepared.id, Buffer.concat([good, Buffer.from([0])]).toString('base64'))).status).toBe(422);
    expect((await world.postSigned(prepared.id, Buffer.from('not a transaction').toString('base64'))).status).toBe(422);
    expect((await world.postSigned(prepared.id, 'not base64!')).status).toBe(400);
    expect(world.chain.requests.filter((request) => request.method === 'sendTransaction').length).toBe(requestsBefore);
    expect(await world.payout(prepared.id)).toMatchObject({ status: 'prepared', signature: null });
    expect((await world.postSigned(prepared.id, good.toString('base64'))).body.status).toBe('sent');
    expect(await world.followUntilEnded(prepared.id)).toMatchObject({ status: 'completed' });
  });

  it('a wallet that can only sign and send: the signature is posted, the server reads that transaction and checks it the same way', async () => {
    const { withdrawal } = await world.pendingWithdrawal();
    const prepared = (await world.prepare([withdrawal.id])).body;
    const signed = world.sign(prepared);
    const signature = bs58.encode(signed.signature!);
    const postSignature = (sig: string) =>
      world.api.request('POST', `/api/admin/payouts/${prepared.id}/signed`, { signature: sig }, world.token);
    // Not on chain yet: the server cannot check it; the panel retries.
    expect(await postSignature(signature)).toMatchObject({ status: 503, body: { retryable: true } });
    await world.land(signed);
    expect(await postSignature(signature)).toMatchObject({ status: 200, body: { status: 'sent', signature } });
    expect(await world.followUntilEnded(prepared.id)).toMatchObject({ status: 'completed' });
    // A signature of something else the staking wallet sent is not this payout.
    const other = await world.pendingWithdrawal();
    const otherPrepared = (await world.prepare([other.withdrawal.id])).body;
    const elsewhere = await world.chain.transfer({
      mint: world.mint,
      from: world.stakingWallet,
      to: Keypair.generate().publicKey,
      rawAmount: 1n,
      decimals: DECIMALS,
      createDestinationAccount: true,
    });
    const refused = await world.api.request('POST', `/api/admin/payouts/${otherPrepared.id}/signed`, { signature: elsewhere }, world.token);
    expect(refused).toMatchObject({ status: 422, body: { code: 'payoutTransactionAltered' } });
    expect(
      await world.api.request('POST', `/api/admin/payouts/${otherPrepared.id}/signed`, { signature, transaction: 'AA==' }, world.token),
    ).toMatchObject({ status: 400, body: { code: 'payoutSignedOneOf' } });
  });

  it('an RPC that drops the first sends: the server sends again until the payout lands, and completes it', async () => {
    const { withdrawal, holder } = await world.pendingWithdrawal();
    const before = world.chain.tokenBalance(world.mint, holder.publicKey);
    const prepared = (await world.prepare([withdrawal.id])).body;
    const flaky = world.flaky();
    flaky.dropSends = 3;
    const signed = world.sign(prepared);
    expect((await world.postSigned(prepared.id, signed)).body.status).toBe('sent');
    expect(sendsOf(bs58.encode(signed.signature!))).toBe(0);
    expect(await world.followUntilEnded(prepared.id, 6)).toMatchObject({ status: 'completed' });
    expect(flaky.dropSends).toBe(0);
    expect(world.chain.tokenBalance(world.mint, holder.publicKey) - before).toBe(tokens(800));
  });

  it('a restart between the post and the send: the signed copy is in the database, and the next instance sends and completes it', async () => {
    const { withdrawal } = await world.pendingWithdrawal();
    const prepared = (await world.prepare([withdrawal.id])).body;
    const flaky = world.flaky();
    flaky.reachable = false; // this instance posts, then dies before its send reaches anyone
    const signed = world.sign(prepared);
    expect((await world.postSigned(prepared.id, signed)).body.status).toBe('sent');
    flaky.reachable = true;
    // A fresh instance: its own chain client, nothing in memory, only the database.
    const fresh = new SolanaChain(async () => world.chain.url, 3_000);
    await followPayouts(world.api.db, fresh, createLogger('silent'), { recheckMs: 0 });
    await followPayouts(world.api.db, fresh, createLogger('silent'), { recheckMs: 0 });
    expect(await world.payout(prepared.id)).toMatchObject({ status: 'completed', signature: bs58.encode(signed.signature!) });
  });

  it('answers 404 for an unknown payout and 401 without an admin token', async () => {
    expect((await world.api.request('POST', '/api/admin/payouts/999999/signed', { transaction: 'AA==' }, world.token)).status).toBe(404);
    expect((await world.api.request('POST', '/api/admin/payouts/1/signed', { transaction: 'AA==' })).status).toBe(401);
  });
});
