import { Transaction } from '@solana/web3.js';
import type { Payout, PreparedPayout } from '@stakedesk/shared/api-types';
import { ApiError } from '../../../lib/api-client.js';
import type { PhantomProvider } from '../../../lib/wallet/phantom.js';
import { isUserRejection } from '../../../lib/wallet/wallet-rejection.js';
import { PayoutError } from './payout-errors.js';

/** POST /api/admin/payouts/{id}/signed: the signed copy, or the signature of the copy the wallet sent itself. */
export type SignedCopy = { transaction: string } | { signature: string };

export type SignPayoutInput = {
  provider: PhantomProvider;
  prepared: PreparedPayout;
  post(copy: SignedCopy): Promise<Payout>;
  /** How long to keep posting a signature the chain does not show yet (503 retryable). */
  retryForMs?: number;
  retryEveryMs?: number;
};

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
const toBase64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''));
const isRetryable = (error: unknown) =>
  error instanceof ApiError && error.status === 503 && (error.body as { retryable?: unknown } | undefined)?.retryable === true;

/** The wallet's own failure as a PayoutError: declined by the operator, or anything else it said. */
function walletFailure(error: unknown): PayoutError {
  if (isUserRejection(error)) return new PayoutError('rejected');
  return new PayoutError('walletFailed', { detail: error instanceof Error ? error.message : String(error), cause: error });
}

/** Posts the signature until the server finds that transaction on chain (503 retryable until then), for `retryForMs`. */
async function postSignature(post: SignPayoutInput['post'], signature: string, retryForMs: number, retryEveryMs: number) {
  const deadline = Date.now() + retryForMs;
  for (;;) {
    try {
      return await post({ signature });
    } catch (error) {
      if (!isRetryable(error)) throw error;
      if (Date.now() + retryEveryMs > deadline) throw new PayoutError('sentNotFound', { cause: error });
      await new Promise((resolve) => setTimeout(resolve, retryEveryMs));
    }
  }
}

/**
 * Has the staking wallet sign the transaction the server prepared, exactly as the server built it,
 * and hands it back to the server, which checks it byte for byte and sends it itself. A wallet that
 * can only sign and send sends it, and the server is given its signature to read it from the chain.
 * Nothing here builds, changes or sends a payout transaction.
 */
export async function signAndPostPayout({
  provider,
  prepared,
  post,
  retryForMs = 30_000,
  retryEveryMs = 2_000,
}: SignPayoutInput): Promise<Payout> {
  const transaction = Transaction.from(fromBase64(prepared.transaction));
  if (provider.signTransaction) {
    let wire: Uint8Array;
    try {
      const signed = await provider.signTransaction(transaction);
      // Whether the signature verifies is the server's to judge: it says so in the reader's language.
      wire = signed.serialize({ requireAllSignatures: false, verifySignatures: false });
    } catch (error) {
      throw walletFailure(error);
    }
    return post({ transaction: toBase64(wire) });
  }
  let signature: string | undefined;
  try {
    signature = (await provider.signAndSendTransaction(transaction))?.signature;
  } catch (error) {
    throw walletFailure(error);
  }
  if (!signature) throw new PayoutError('noSignature');
  return postSignature(post, signature, retryForMs, retryEveryMs);
}
