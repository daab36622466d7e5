import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Keypair, type PublicKey, type Transaction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payout, Withdrawal } from '@stakedesk/shared/api-types';
import { startTestChain, type TestChain } from '@stakedesk/test-support/test-chain';
import type { PhantomProvider } from '../../lib/wallet/phantom.js';
import { payWithdrawals } from './pay-withdrawals.js';

const DECIMALS = 6;
let chain: TestChain;
let mint: PublicKey;
let sameSlotRpc: Server;
let sameSlotUrl: string;
const staking = Keypair.generate();

/**
 * The real test chain behind a proxy that answers every getLatestBlockhash with the one it had at
 * the start: as if two windows built their payouts within the same slot (400 ms on mainnet).
 */
function rpcFrozenInOneSlot(upstream: string, pinned: { blockhash: string; lastValidBlockHeight: number }): Promise<Server> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const call = JSON.parse(body) as { id: unknown; method: string };
      const answer =
        call.method === 'getLatestBlockhash'
          ? Promise.resolve(JSON.stringify({ jsonrpc: '2.0', id: call.id, result: { context: { slot: 1 }, value: pinned } }))
          : fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then((r) => r.text());
      void answer.then((text) => res.writeHead(200, { 'content-type': 'application/json' }).end(text));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  chain = await startTestChain();
  mint = await chain.createMint(DECIMALS);
  await chain.airdrop(staking.publicKey, 10_000_000_000);
  await chain.mintTo(mint, staking.publicKey, 1_000_000n * 10n ** BigInt(DECIMALS));
  sameSlotRpc = await rpcFrozenInOneSlot(chain.url, chain.latestBlockhash());
  sameSlotUrl = `http://127.0.0.1:${(sameSlotRpc.address() as AddressInfo).port}`;
});
afterAll(async () => {
  sameSlotRpc.close();
  await chain.close();
});

/** The staking wallet in a browser window; `gate` keeps its prompt open until it resolves. */
function stakingWalletWindow(gate: Promise<void> = Promise.resolve()) {
  const prompts: Transaction[] = [];
  const provider = {
    publicKey: staking.publicKey,
    async signTransaction(transaction: Transaction) {
      prompts.push(transaction);
      await gate;
      transaction.partialSign(staking);
      return transaction;
    },
  } as unknown as PhantomProvider;
  return { provider, prompts };
}

describe('payWithdrawals', () => {
  it('two windows that sign the very same transaction: it is sent once, and both say it paid', async () => {
    const holder = Keypair.generate().publicKey;
    const withdrawal = {
      id: 1,
      walletAddress: holder.toBase58(),
      finalAmount: '270',
      tokenContract: mint.toBase58(),
      stakingWallet: staking.publicKey.toBase58(),
    } as Withdrawal;
    // The server's side of DESIGN 10, for one signature: a registration of a signature it holds
    // answers that payout as it stands (completed once the first copy landed).
    const recorded = new Map<string, Payout>();
    const register = async (_items: Withdrawal[], signature: string, lastValidBlockHeight: number): Promise<Payout> => {
      const payout = recorded.get(signature) ?? ({ id: 1, status: 'sent', withdrawalIds: [1], signature, lastValidBlockHeight } as Payout);
      recorded.set(signature, payout);
      return { ...payout };
    };
    const pay = (provider: PhantomProvider) =>
      payWithdrawals({
        provider,
        stakingWallet: staking.publicKey.toBase58(),
        withdrawals: [withdrawal],
        rpcUrl: sameSlotUrl,
        adminToken: 't',
        register,
      });

    let release!: () => void;
    const first = stakingWalletWindow(new Promise((resolve) => (release = resolve)));
    const firstPaying = pay(first.provider);
    await expect.poll(() => first.prompts.length).toBe(1);

    const second = await pay(stakingWalletWindow().provider);
    expect(second).toEqual([expect.objectContaining({ confirmed: true })]);
    const signature = second[0]!.signature;
    recorded.get(signature)!.status = 'completed';

    release();
    expect(await firstPaying).toEqual([{ withdrawals: [withdrawal], signature, confirmed: true }]);
    expect(chain.tokenBalance(mint, holder)).toBe(270n * 10n ** BigInt(DECIMALS));
    const sends = chain.requests.filter((r) => r.method === 'sendTransaction');
    expect(sends).toHaveLength(1);
  });
});
