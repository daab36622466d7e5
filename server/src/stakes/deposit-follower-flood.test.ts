import { createTransfer, parseURL, type TransferRequestURL } from '@solana/pay';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Keypair } from '@solana/web3.js';
import { QueryTypes } from 'sequelize';
import type { ScanIntent, ScanIntentStatus } from '@stakedesk/shared/api-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SolanaChain } from '../chain/solana-chain.js';
import { createLogger } from '../logger.js';
import { startChainStakingServer, tokens, type ChainStakingServer } from '../test/chain-staking-server.js';
import { waitUntil } from '../test/second-instance.js';
import { standardWebhookReceiver } from '../test/webhook-receiver.js';
import { followDeposits } from './deposit-follower.js';
import { outflowExplainers } from '../outflow-explainers.js';

/**
 * A deposit is never skipped, however many transactions follow it (DESIGN 15). Anyone can list
 * the staking wallet's token account in transactions that fail (a transfer of tokens they do not
 * have, about 0.05 SOL each on mainnet): 10,050 of them after a scan-to-stake deposit, which has
 * no browser to post it, are more than a round reads (10 pages of 1000).
 */
const FLOOD = 10_050;
const logger = createLogger('silent');

let world: ChainStakingServer;
let receiver: Awaited<ReturnType<typeof standardWebhookReceiver>>;
beforeAll(async () => {
  world = await startChainStakingServer({ allowPrivateRpc: true });
  receiver = await standardWebhookReceiver(world.api, world.token, ['deposits.behind'], logger);
}, 60_000);
afterAll(async () => {
  await receiver.close();
  await world.close();
});

const stakingAccount = () => getAssociatedTokenAddressSync(world.mint, world.stakingWallet.publicKey).toBase58();

/** A scan-to-stake intent paid by a phone wallet (@solana/pay's own transfer), with no browser to post it. */
async function scannedDeposit(): Promise<{ intentId: number; payer: string; txId: string }> {
  const intent = await world.api.request<ScanIntent>('POST', '/api/stakes/intents', { planId: world.plan.id, amount: '1000' });
  expect(intent.status).toBe(201);
  const payer = Keypair.generate();
  await world.chain.airdrop(payer.publicKey, 1_000_000_000);
  await world.chain.mintTo(world.mint, payer.publicKey, tokens(2_000));
  const fields = parseURL(intent.body.transferRequest) as TransferRequestURL;
  const transaction = await createTransfer(world.chain.connection, payer.publicKey, {
    recipient: fields.recipient,
    amount: fields.amount!,
    splToken: fields.splToken,
    reference: fields.reference,
  });
  const txId = await world.chain.sendTransaction(transaction, [payer]);
  return { intentId: intent.body.id, payer: payer.publicKey.toBase58(), txId };
}

const intentStatus = async (id: number) => (await world.api.request<ScanIntentStatus>('GET', `/api/stakes/intents/${id}`)).body;

/** The JSON-RPC calls the test chain answered while `work` ran, as method and the history bounds asked for. */
async function callsDuring(work: () => Promise<unknown>) {
  const from = world.chain.requests.length;
  await work();
  return world.chain.requests.slice(from).map(({ method, params }) => {
    const bounds = method === 'getSignaturesForAddress' ? (params[1] as { before?: string; until?: string }) : undefined;
    return { method, before: bounds?.before, until: bounds?.until, signature: method === 'getTransaction' ? params[0] : undefined };
  });
}

/** deposits.behind alerts written for the staking wallet's account (what the receiver is sent). */
async function behindAlerts(): Promise<number> {
  const [rows] = await world.api.db.query(
    `SELECT count(*)::int AS n FROM webhook_deliveries WHERE event_type = 'deposits.behind' AND event->'data'->>'account' = :account`,
    { replacements: { account: stakingAccount() } },
  );
  return (rows as { n: number }[])[0]!.n;
}

describe('10,050 failed transactions after a deposit', () => {
  it('hide nothing: the rounds read back to the cursor, the deposit is recorded, and deposits.behind is raised once', async () => {
    const deposit = await scannedDeposit();
    const failed = await world.chain.failedTransfers({ mint: world.mint, to: world.stakingWallet.publicKey, count: FLOOD });

    // The first round reads its 10 pages (failed transactions are listed with their error, never fetched) and cannot reach the cursor.
    const first = await callsDuring(() => world.api.followDeposits());
    expect(first.filter((call) => call.method === 'getSignaturesForAddress')).toHaveLength(10);
    expect(first.filter((call) => call.method === 'getTransaction')).toEqual([]);
    expect(await intentStatus(deposit.intentId)).toMatchObject({ status: 'open' });
    await waitUntil(async () => receiver.events().length > 0, 15_000, 'deposits.behind received');
    expect(receiver.events()).toEqual([
      {
        type: 'deposits.behind',
        data: { account: stakingAccount(), owner: world.stakingWallet.publicKey.toBase58(), transactions: 10_000 },
      },
    ]);

    // The next round goes on from the oldest page it read, down to the cursor: the deposit is found and recorded.
    const second = await callsDuring(async () => expect(await world.api.followDeposits()).toBe(1));
    expect(second.filter((call) => call.method === 'getSignaturesForAddress').at(-1)).toMatchObject({ before: failed[FLOOD - 10_000] });
    expect(second.filter((call) => call.method === 'getTransaction').map((call) => call.signature)).toEqual([deposit.txId]);
    expect(await intentStatus(deposit.intentId)).toMatchObject({ status: 'recorded', walletAddress: deposit.payer });

    // Caught up: a round costs one call again, and the episode raised one alert.
    expect((await callsDuring(() => world.api.followDeposits())).map((call) => call.method)).toEqual(['getSignaturesForAddress']);
    expect(await behindAlerts()).toBe(1);
  }, 240_000);
});

describe('a restart in the middle of a gap', () => {
  it('continues the gap from where the last round stopped, and a deposit that lands meanwhile is recorded in the same round', async () => {
    const buried = await scannedDeposit();
    await world.chain.failedTransfers({ mint: world.mint, to: world.stakingWallet.publicKey, count: FLOOD });
    const before = new SolanaChain(async () => world.chain.url, 3_000);
    expect(await followDeposits(world.api.db, before, logger, outflowExplainers)).toBe(0);
    const [cursor] = (await world.api.db.query('SELECT gap_before, gap_until, behind_since FROM deposit_cursors WHERE address = :address', {
      replacements: { address: stakingAccount() },
      type: QueryTypes.SELECT,
    })) as { gap_before: string | null; gap_until: string | null; behind_since: Date | null }[];
    expect(cursor!.gap_before).not.toBeNull();
    expect(cursor!.behind_since).not.toBeNull();

    // The server restarts (a new client of the chain, nothing remembered) and a holder deposits while the gap is still unread.
    const fresh = await scannedDeposit();
    const restarted = new SolanaChain(async () => world.chain.url, 3_000);
    const calls = await callsDuring(async () => expect(await followDeposits(world.api.db, restarted, logger, outflowExplainers)).toBe(2));
    const history = calls.filter((call) => call.method === 'getSignaturesForAddress');
    // The newest page first (the fresh deposit), then the gap from its oldest read transaction: the 10,000 read before are not read again.
    expect(history).toHaveLength(2);
    expect(history[1]).toMatchObject({ before: cursor!.gap_before, until: cursor!.gap_until });
    expect(calls.filter((call) => call.method === 'getTransaction').map((call) => call.signature)).toEqual([fresh.txId, buried.txId]);
    expect(await intentStatus(buried.intentId)).toMatchObject({ status: 'recorded', walletAddress: buried.payer });
    expect(await intentStatus(fresh.intentId)).toMatchObject({ status: 'recorded', walletAddress: fresh.payer });
    const [after] = (await world.api.db.query('SELECT gap_before, behind_since FROM deposit_cursors WHERE address = :address', {
      replacements: { address: stakingAccount() },
      type: QueryTypes.SELECT,
    })) as { gap_before: string | null; behind_since: Date | null }[];
    expect(after).toEqual({ gap_before: null, behind_since: null });
  }, 240_000);
});
