import {
  createAssociatedTokenAccountIdempotentInstruction,
  createMintToInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token';
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, Transaction, type TransactionInstruction } from '@solana/web3.js';
import { keypairOf, readState } from './state.js';

/** Test-chain helpers for test workers, over plain JSON-RPC to the run's chain. */

let cachedConnection: Connection | undefined;
export const connection = () => (cachedConnection ??= new Connection(readState().rpcUrl, 'confirmed'));

export const mint = () => new PublicKey(readState().mint);
export const stakingWallet = () => keypairOf(readState().stakingWalletSecretKey);
export const toRaw = (wholeTokens: number | bigint) => BigInt(wholeTokens) * 10n ** BigInt(readState().decimals);
export const tokenAccountOf = (owner: PublicKey) => getAssociatedTokenAddressSync(mint(), owner, true);

/** Waits (by polling, no WebSocket) until the signature is confirmed; throws if it failed on chain. */
export async function confirmed(signature: string, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { value } = await connection().getSignatureStatuses([signature]);
    const status = value[0];
    if (status?.err) throw new Error(`Transaction ${signature} failed: ${JSON.stringify(status.err)}`);
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return signature;
    if (Date.now() > deadline) throw new Error(`Transaction ${signature} not confirmed within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The test chain's own call (not Solana's): the landed transaction's block time, `seconds` earlier. */
export async function backdate(signature: string, seconds: number): Promise<void> {
  const response = await fetch(readState().rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'stakedeskTest_backdate', params: [signature, seconds] }),
  });
  const answer = (await response.json()) as { error?: { message: string } };
  if (answer.error) throw new Error(`backdate ${signature}: ${answer.error.message}`);
}

/** Sends instructions paid by the first signer and waits for confirmation. */
export async function send(instructions: TransactionInstruction[], [feePayer, ...others]: [Keypair, ...Keypair[]]): Promise<string> {
  const { blockhash, lastValidBlockHeight } = await connection().getLatestBlockhash();
  const transaction = new Transaction({ feePayer: feePayer.publicKey, blockhash, lastValidBlockHeight }).add(...instructions);
  transaction.sign(feePayer, ...others);
  return confirmed(await connection().sendRawTransaction(transaction.serialize()));
}

/**
 * A new holder with 2 SOL and `tokens` whole tokens in its associated token account.
 * With `tokens` 0 it has no token account at all.
 */
export async function fundedHolder(tokens: number | bigint = 10_000): Promise<Keypair> {
  const holder = Keypair.generate();
  await confirmed(await connection().requestAirdrop(holder.publicKey, 2 * LAMPORTS_PER_SOL));
  if (BigInt(tokens) > 0n) {
    const authority = keypairOf(readState().mintAuthoritySecretKey);
    const account = tokenAccountOf(holder.publicKey);
    await send(
      [
        createAssociatedTokenAccountIdempotentInstruction(authority.publicKey, account, holder.publicKey, mint()),
        createMintToInstruction(mint(), account, authority.publicKey, toRaw(tokens)),
      ],
      [authority],
    );
  }
  return holder;
}

/** Raw amount (whole tokens x 10^decimals) in the owner's associated token account; 0n without one. */
export async function tokenBalance(owner: PublicKey): Promise<bigint> {
  const account = tokenAccountOf(owner);
  if (!(await connection().getAccountInfo(account))) return 0n;
  return BigInt((await connection().getTokenAccountBalance(account)).value.amount);
}

/** `payer` sends whole tokens to `to` (its token account created if missing), paying the fees. */
export async function payFrom(payer: Keypair, to: PublicKey, wholeTokens: number | bigint): Promise<string> {
  const destination = tokenAccountOf(to);
  return send(
    [
      createAssociatedTokenAccountIdempotentInstruction(payer.publicKey, destination, to, mint()),
      createTransferCheckedInstruction(
        tokenAccountOf(payer.publicKey),
        mint(),
        destination,
        payer.publicKey,
        toRaw(wholeTokens),
        readState().decimals,
      ),
    ],
    [payer],
  );
}

/** An admin's payout: the staking wallet sends whole tokens to `to` (its token account created if missing). */
export const payFromStakingWallet = (to: PublicKey, wholeTokens: number | bigint) => payFrom(stakingWallet(), to, wholeTokens);
