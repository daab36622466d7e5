import { createTransferCheckedInstruction, getMint } from '@solana/spl-token';
import { PublicKey, Transaction, type Connection } from '@solana/web3.js';
import { toRawAmount } from '@stakedesk/shared/money';
import { isUserRejection } from '../wallet/wallet-rejection.js';
import { TransferError } from './transfer-errors.js';
import { CHAIN_COMMITMENT } from '@stakedesk/shared/constants';

/** What the app needs of a browser wallet (Phantom's injected provider has this shape). */
export type SigningWallet = {
  publicKey: PublicKey | null;
  signAndSendTransaction(transaction: Transaction): Promise<{ signature?: string } | undefined>;
};

export type DepositRequest = {
  connection: Connection;
  wallet: SigningWallet;
  mint: string;
  stakingWallet: string;
  /** Whole tokens, as the stake records them. */
  amount: string;
  /** A deposit intent's reference (Solana Pay): listed as an extra read-only account, so the server finds the transfer itself. */
  reference?: string;
  /** Told the signature as soon as the wallet has sent the transfer, before it is confirmed. */
  onSent?: (signature: string) => void;
  /** How long to poll for confirmation before giving up (ms). */
  confirmTimeoutMs?: number;
};

const POLL_INTERVAL_MS = 1_000;

/** The owner's token account of `mint` holding the most, or undefined when it has none. */
export async function largestTokenAccount(connection: Connection, owner: PublicKey, mint: PublicKey) {
  const { value } = await connection.getParsedTokenAccountsByOwner(owner, { mint });
  const withBalance = value.map((account) => ({
    address: account.pubkey,
    raw: BigInt((account.account.data.parsed as { info: { tokenAmount: { amount: string } } }).info.tokenAmount.amount),
  }));
  return withBalance.sort((a, b) => (b.raw > a.raw ? 1 : b.raw < a.raw ? -1 : 0))[0];
}

/**
 * Polls the signature's status (no WebSocket needed) until it is confirmed, fails, or its
 * blockhash expires.
 */
export async function waitForConfirmation(connection: Connection, signature: string, lastValidBlockHeight: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { value } = await connection.getSignatureStatuses([signature]);
    const status = value[0];
    if (status?.err) throw new TransferError('failedOnChain', JSON.stringify(status.err));
    if (status?.confirmationStatus === CHAIN_COMMITMENT || status?.confirmationStatus === 'finalized') return;
    if ((await connection.getBlockHeight(CHAIN_COMMITMENT)) > lastValidBlockHeight)
      throw new TransferError('notConfirmed', 'block height exceeded');
    if (Date.now() > deadline) throw new TransferError('notConfirmed', 'timed out');
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
}

/**
 * Sends `amount` whole tokens from the connected wallet to the staking wallet with
 * transferChecked (the mint's real decimals, read from the chain) and waits for confirmation.
 * Returns the signature the server then verifies; refuses with TransferErrors.
 */
export async function sendStakeDeposit({
  connection,
  wallet,
  mint,
  stakingWallet,
  amount,
  reference,
  onSent,
  confirmTimeoutMs = 60_000,
}: DepositRequest): Promise<string> {
  const owner = wallet.publicKey;
  if (!owner) throw new TransferError('walletNotConnected');
  const destinationOwner = new PublicKey(stakingWallet);
  if (owner.equals(destinationOwner)) throw new TransferError('sameWallet');
  const mintKey = new PublicKey(mint);

  const destination = await largestTokenAccount(connection, destinationOwner, mintKey);
  if (!destination) throw new TransferError('noDestinationAccount', stakingWallet);
  const source = await largestTokenAccount(connection, owner, mintKey);
  if (!source) throw new TransferError('noSourceAccount');
  const { decimals } = await getMint(connection, mintKey, CHAIN_COMMITMENT);
  const raw = toRawAmount(amount, decimals);
  if (source.raw < raw) throw new TransferError('insufficientBalance', `${source.raw} < ${raw}`);

  const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash(CHAIN_COMMITMENT);
  const transfer = createTransferCheckedInstruction(source.address, mintKey, destination.address, owner, raw, decimals);
  if (reference) transfer.keys.push({ pubkey: new PublicKey(reference), isSigner: false, isWritable: false });
  const transaction = new Transaction({ feePayer: owner, blockhash, lastValidBlockHeight }).add(transfer);

  return signSendAndConfirm(connection, wallet, transaction, lastValidBlockHeight, confirmTimeoutMs, onSent);
}

/** The wallet signs and sends; then polls until confirmed. Refusals are TransferErrors. */
async function signSendAndConfirm(
  connection: Connection,
  wallet: SigningWallet,
  transaction: Transaction,
  lastValidBlockHeight: number,
  confirmTimeoutMs = 60_000,
  onSent: (signature: string) => void = () => undefined,
): Promise<string> {
  let signature: string | undefined;
  try {
    signature = (await wallet.signAndSendTransaction(transaction))?.signature;
  } catch (error) {
    if (isUserRejection(error)) throw new TransferError('rejected');
    throw new TransferError('transferFailed', error instanceof Error ? error.message : String(error));
  }
  if (!signature) throw new TransferError('noSignature');
  onSent(signature);
  await waitForConfirmation(connection, signature, lastValidBlockHeight, confirmTimeoutMs);
  return signature;
}
