/**
 * The test chain (the real SPL Token program in LiteSVM, over JSON-RPC) in a process of its own,
 * so its work does not share the bench's event loop with the load generator. On request it puts
 * real deposits on chain: a holder, tokens minted to them, and a transferChecked of a whole
 * number of tokens to the staking wallet; the bench then asks the server to record each one.
 */
import { Keypair } from '@solana/web3.js';
import { startTestChain } from '@stakedesk/test-support/test-chain';

export const DECIMALS = 6;

export type ChainReady = { url: string; mint: string; stakingWallet: string };
/** A deposit on chain, and the holder's key seed (base64), so the bench can sign in as the holder to record it. */
export type Deposit = { txId: string; walletAddress: string; amount: string; seed: string };

const chain = await startTestChain();
const mintAuthority = Keypair.generate();
const stakingWallet = Keypair.generate();
const mint = await chain.createMint(DECIMALS, mintAuthority);
await chain.createTokenAccount(mint, stakingWallet.publicKey);

process.on('message', (message: { deposits: number; minimum: number }) => {
  void (async () => {
    const deposits: Deposit[] = [];
    for (let i = 0; i < message.deposits; i++) {
      const holder = Keypair.generate();
      const tokens = BigInt(message.minimum + Math.floor(Math.random() * 1000));
      const raw = tokens * 10n ** BigInt(DECIMALS);
      await chain.mintTo(mint, holder.publicKey, raw);
      const txId = await chain.transfer({ mint, from: holder, to: stakingWallet.publicKey, rawAmount: raw, decimals: DECIMALS });
      const seed = Buffer.from(holder.secretKey.subarray(0, 32)).toString('base64');
      deposits.push({ txId, walletAddress: holder.publicKey.toBase58(), amount: tokens.toString(), seed });
    }
    process.send!({ deposits });
  })().catch((error: unknown) => process.send!({ error: String(error) }));
});
process.on('SIGTERM', () => void chain.close().then(() => process.exit(0)));
process.send!({ url: chain.url, mint: mint.toBase58(), stakingWallet: stakingWallet.publicKey.toBase58() } satisfies ChainReady);
