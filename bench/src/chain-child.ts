/**
 * The test chain (the real SPL Token program in LiteSVM, over JSON-RPC) in a process of its own,
 * so its work does not share the bench's event loop with the load generator. On request it puts
 * real deposits on chain: a holder, tokens minted to them, and a transferChecked of a whole
 * number of tokens to the staking wallet; the bench then asks the server to record each one. It
 * also funds holders and sends, one at a time, transfers listing an intent's reference, for the
 * server to find by itself.
 */
import { createTransferCheckedInstruction, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Keypair, PublicKey, Transaction } from '@solana/web3.js';
import { startTestChain } from '@stakedesk/test-support/test-chain';

export const DECIMALS = 6;

export type ChainReady = { url: string; mint: string; stakingWallet: string; decimals: number };
/** A deposit on chain, and the holder's key seed (base64), so the bench can sign in as the holder to record it. */
export type Deposit = { txId: string; walletAddress: string; amount: string; seed: string };
/** A transfer listing an intent's reference, and when the chain confirmed it (ms since the epoch, this machine's clock). */
export type ReferencedDeposit = { txId: string; confirmedAt: number };
/** Amounts travel as strings: IPC carries JSON. */
export type ChainRequest =
  | { deposits: number; minimum: number }
  | { fund: number; rawAmount: string }
  | { send: { wallet: string; reference: string; rawAmount: string } };

const chain = await startTestChain();
const mintAuthority = Keypair.generate();
const stakingWallet = Keypair.generate();
const mint = await chain.createMint(DECIMALS, mintAuthority);
await chain.createTokenAccount(mint, stakingWallet.publicKey);

/** Holders funded for deposits the server is to find by itself, by wallet. */
const funded = new Map<string, Keypair>();

/** Puts `count` holders on chain with `rawAmount` each (to send later, with a reference); answers their wallets. */
async function fund(count: number, rawAmount: bigint): Promise<string[]> {
  const wallets: string[] = [];
  for (let i = 0; i < count; i++) {
    const holder = Keypair.generate();
    await chain.mintTo(mint, holder.publicKey, rawAmount);
    funded.set(holder.publicKey.toBase58(), holder);
    wallets.push(holder.publicKey.toBase58());
  }
  return wallets;
}

/** The holder app's transfer: transferChecked to the staking wallet listing the intent's reference; when it was confirmed. */
async function sendWithReference(wallet: string, reference: string, rawAmount: bigint): Promise<ReferencedDeposit> {
  const holder = funded.get(wallet)!;
  const instruction = createTransferCheckedInstruction(
    getAssociatedTokenAddressSync(mint, holder.publicKey),
    mint,
    getAssociatedTokenAddressSync(mint, stakingWallet.publicKey),
    holder.publicKey,
    rawAmount,
    DECIMALS,
  );
  instruction.keys.push({ pubkey: new PublicKey(reference), isSigner: false, isWritable: false });
  const txId = await chain.sendTransaction(new Transaction().add(instruction), [holder]);
  // The test chain answers once the transaction is processed, which is final here: confirmation.
  return { txId, confirmedAt: Date.now() };
}

async function deposits(count: number, minimum: number): Promise<Deposit[]> {
  const made: Deposit[] = [];
  for (let i = 0; i < count; i++) {
    const holder = Keypair.generate();
    const tokens = BigInt(minimum + Math.floor(Math.random() * 1000));
    const raw = tokens * 10n ** BigInt(DECIMALS);
    await chain.mintTo(mint, holder.publicKey, raw);
    const txId = await chain.transfer({ mint, from: holder, to: stakingWallet.publicKey, rawAmount: raw, decimals: DECIMALS });
    const seed = Buffer.from(holder.secretKey.subarray(0, 32)).toString('base64');
    made.push({ txId, walletAddress: holder.publicKey.toBase58(), amount: tokens.toString(), seed });
  }
  return made;
}

process.on('message', (message: ChainRequest) => {
  void (async () => {
    if ('deposits' in message) process.send!({ deposits: await deposits(message.deposits, message.minimum) });
    else if ('fund' in message) process.send!({ wallets: await fund(message.fund, BigInt(message.rawAmount)) });
    else process.send!(await sendWithReference(message.send.wallet, message.send.reference, BigInt(message.send.rawAmount)));
  })().catch((error: unknown) => process.send!({ error: String(error) }));
});
process.on('SIGTERM', () => void chain.close().then(() => process.exit(0)));
process.send!({
  url: chain.url,
  mint: mint.toBase58(),
  stakingWallet: stakingWallet.publicKey.toBase58(),
  decimals: DECIMALS,
} satisfies ChainReady);
