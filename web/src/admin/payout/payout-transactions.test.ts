import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Connection, Keypair, PACKET_DATA_SIZE, type PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestChain, type TestChain } from '@stakedesk/test-support/test-chain';
import { planPayouts, type PayoutItem } from './payout-transactions.js';

const DECIMALS = 6;
let chain: TestChain;
let connection: Connection;
let mint: PublicKey;
const staking = Keypair.generate();

beforeAll(async () => {
  chain = await startTestChain();
  connection = new Connection(chain.url, 'confirmed');
  mint = await chain.createMint(DECIMALS);
  await chain.airdrop(staking.publicKey, 10_000_000_000);
  await chain.mintTo(mint, staking.publicKey, 1_000_000n * 10n ** BigInt(DECIMALS));
});
afterAll(() => chain.close());

const plan = (items: PayoutItem[]) =>
  planPayouts({
    connection,
    payer: staking.publicKey,
    source: getAssociatedTokenAddressSync(mint, staking.publicKey),
    mint,
    decimals: DECIMALS,
    items,
  });

describe('payout transactions', () => {
  it('packs many payouts into transactions within 1232 bytes that the chain accepts and that pay everyone', async () => {
    const holders = Array.from({ length: 25 }, () => Keypair.generate().publicKey);
    // Half the holders have a token account already; the others get one created.
    for (const holder of holders.slice(0, 12)) await chain.createTokenAccount(mint, holder);
    const items = holders.map((holder, index) => ({ walletAddress: holder.toBase58(), finalAmount: String(100 + index) }));
    const { batches, totalRaw } = await plan(items);

    expect(batches.length).toBeGreaterThan(1);
    expect(batches.flatMap((batch) => batch.items)).toEqual(items);
    expect(totalRaw).toBe(items.reduce((sum, item) => sum + BigInt(item.finalAmount), 0n) * 10n ** BigInt(DECIMALS));
    for (const { transaction } of batches) {
      const { blockhash } = chain.latestBlockhash();
      transaction.recentBlockhash = blockhash;
      transaction.sign(staking);
      expect(transaction.serialize().length).toBeLessThanOrEqual(PACKET_DATA_SIZE);
      await chain.sendTransaction(transaction);
    }
    holders.forEach((holder, index) => expect(chain.tokenBalance(mint, holder)).toBe(BigInt(100 + index) * 10n ** BigInt(DECIMALS)));
  });

  it('pays one wallet at most once per transaction, so each of its withdrawals has its own transfer to prove', async () => {
    const holder = Keypair.generate().publicKey.toBase58();
    const other = Keypair.generate().publicKey.toBase58();
    const { batches } = await plan([
      { walletAddress: holder, finalAmount: '10' },
      { walletAddress: other, finalAmount: '20' },
      { walletAddress: holder, finalAmount: '30' },
    ]);
    expect(batches.map((batch) => batch.items.map((item) => item.finalAmount))).toEqual([['10', '20'], ['30']]);
  });
});
