import { createTransfer, parseURL, type TransferRequestURL } from '@solana/pay';
import { Keypair, TransactionMessage, VersionedTransaction } from '@solana/web3.js';
import type { ScanIntent, ScanIntentStatus, Stake } from '@stakedesk/shared/api-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChainStakingServer, tokens, type ChainStakingServer } from '../test/chain-staking-server.js';

/**
 * Scan to stake (DESIGN 12): an intent made without a wallet answers a Solana Pay transfer
 * request; @solana/pay itself, as a paying wallet's code, builds the transfer from it; the server
 * records the stake for the wallet that paid, with no browser and no session.
 */
let world: ChainStakingServer;
beforeAll(async () => {
  world = await startChainStakingServer();
}, 60_000);
afterAll(() => world.close());

const scanIntent = (body: Record<string, unknown> = { planId: world.plan.id, amount: '1000' }) =>
  world.api.request<ScanIntent>('POST', '/api/stakes/intents', body);
const statusOf = (id: number) => world.api.request<ScanIntentStatus>('GET', `/api/stakes/intents/${id}`);

/** A phone wallet that scanned the code: it reads the request with @solana/pay and pays it with its own key. */
async function payAsWallet(transferRequest: string, payer: Keypair, version: 'legacy' | 0): Promise<string> {
  const fields = parseURL(transferRequest) as TransferRequestURL;
  const transaction = await createTransfer(world.chain.connection, payer.publicKey, {
    recipient: fields.recipient,
    amount: fields.amount!,
    splToken: fields.splToken,
    reference: fields.reference,
  });
  if (version === 'legacy') return world.chain.sendTransaction(transaction, [payer]);
  const message = TransactionMessage.decompile(transaction.compileMessage()).compileToV0Message();
  return world.chain.sendTransaction(new VersionedTransaction(message), [payer]);
}

async function fundedWallet(whole: number): Promise<Keypair> {
  const wallet = Keypair.generate();
  await world.chain.airdrop(wallet.publicKey, 1_000_000_000);
  await world.chain.mintTo(world.mint, wallet.publicKey, tokens(whole));
  return wallet;
}

describe('POST /api/stakes/intents without a wallet', () => {
  it('needs no session and answers a transfer request that decodes to the staking wallet, the amount, the mint and the reference', async () => {
    const created = await scanIntent();
    expect(created.status).toBe(201);
    const fields = parseURL(created.body.transferRequest) as TransferRequestURL;
    expect(fields.recipient.toBase58()).toBe(world.stakingWallet.publicKey.toBase58());
    expect(fields.amount!.toString()).toBe('1000');
    expect(fields.splToken!.toBase58()).toBe(world.mint.toBase58());
    expect(fields.reference!.map((key) => key.toBase58())).toEqual([created.body.reference]);
    expect(fields.label).toBe('Chain Token Staking');
    expect(fields.message).toBe(world.plan.name);
    expect(await statusOf(created.body.id)).toMatchObject({
      status: 200,
      body: { id: created.body.id, status: 'open', stakeId: null, walletAddress: null },
    });
  });

  it('refuses what a deposit would be refused for: below the minimum, an unknown plan, a field it does not know', async () => {
    expect((await scanIntent({ planId: world.plan.id, amount: '50' })).body).toMatchObject({ code: 'minimumStake' });
    expect((await scanIntent({ planId: 999_999, amount: '1000' })).status).toBe(404);
    expect((await scanIntent({ planId: world.plan.id, amount: '1000', wallet: 'x' })).status).toBe(400);
  });

  it.each(['legacy', 0] as const)(
    'a %s transfer made by @solana/pay is recorded for the wallet that paid, on the terms of the intent',
    async (version) => {
      const { body: intent } = await scanIntent();
      const payer = await fundedWallet(2_000);
      const txId = await payAsWallet(intent.transferRequest, payer, version);
      await world.api.followChain();
      const status = await statusOf(intent.id);
      expect(status.body).toMatchObject({ status: 'recorded', walletAddress: payer.publicKey.toBase58() });
      const stakes = await world.api.request<Stake[]>('GET', `/api/stakes/${payer.publicKey.toBase58()}`);
      expect(stakes.body).toEqual([expect.objectContaining({ id: status.body.stakeId, amount: '1000', txId, status: 'active' })]);
    },
  );

  it("a wallet's own intent is not readable without its session; a scan intent's id is all it takes", async () => {
    const staker = await world.fundedHolder();
    const own = await world.api.request<{ id: number }>(
      'POST',
      '/api/stakes/intents',
      { planId: world.plan.id, amount: '1000', walletAddress: staker.wallet },
      { as: staker.wallet },
    );
    expect((await statusOf(own.body.id)).status).toBe(401);
    expect((await statusOf(999_999)).status).toBe(404);
  });
});
