import { Transaction, type Connection, type PublicKey } from '@solana/web3.js';
import { CHAIN_COMMITMENT } from '@stakedesk/shared/constants';
import { isUserRejection } from '../wallet/wallet-rejection.js';
import { TransferError } from './transfer-errors.js';

/** What the app needs of a browser wallet (Phantom's injected provider, and a Wallet Standard wallet behind it, have this shape). */
export type SigningWallet = {
  publicKey: Pick<PublicKey, 'toBase58'> | null;
  signAndSendTransaction(transaction: Transaction): Promise<{ signature?: string } | undefined>;
};

export type ServerTransactionRequest = {
  connection: Connection;
  wallet: SigningWallet;
  /** The deposit the server built (POST /api/stakes/intents `transaction`): base64 of the unsigned transaction. */
  transaction: string;
  /** The last block height at which it can land (the intent's `lastValidBlockHeight`). */
  lastValidBlockHeight: number;
  /** Told the signature as soon as the wallet has sent the transfer, before it is confirmed. */
  onSent?: (signature: string) => void;
  /** How long to poll for confirmation before giving up (ms). */
  confirmTimeoutMs?: number;
};

const POLL_INTERVAL_MS = 1_000;

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

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
 * Has the wallet sign and send the transaction the server built, exactly as it is (DESIGN 12: the
 * app builds no token instruction of its own), and waits until it is confirmed or its blockhash
 * dies. Returns the signature the server then verifies; refuses with TransferErrors.
 */
export async function signAndSendServerTransaction({
  connection,
  wallet,
  transaction: base64,
  lastValidBlockHeight,
  onSent = () => undefined,
  confirmTimeoutMs = 60_000,
}: ServerTransactionRequest): Promise<string> {
  const transaction = Transaction.from(fromBase64(base64));
  // The server built it for one wallet, its fee payer and only signer: another account could not sign it.
  const owner = wallet.publicKey?.toBase58();
  if (!owner || owner !== transaction.feePayer?.toBase58()) throw new TransferError('walletNotConnected');

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
