import { Transaction } from '@solana/web3.js';
import type { AdminReservesSnapshot, PreparedReservesAnchor } from '@stakedesk/shared/api-types';
import type { PhantomProvider } from '../../lib/wallet/phantom.js';
import { isUserRejection } from '../../lib/wallet/wallet-rejection.js';
import { AnchorWalletError } from './anchor-wallet-error.js';

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
const toBase64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''));

/**
 * Has the staking wallet sign the anchor the server prepared, exactly as the server built it, and
 * hands it back: the server checks it byte for byte, sends it and records it once it lands.
 * Nothing here builds, changes or sends a transaction.
 */
export async function signAndSubmitAnchor(
  provider: PhantomProvider,
  prepared: PreparedReservesAnchor,
  submit: (transaction: string) => Promise<AdminReservesSnapshot>,
): Promise<AdminReservesSnapshot> {
  // A wallet that can only sign and send would send it itself; the server sends anchors, once.
  if (!provider.signTransaction) throw new AnchorWalletError('signsOnlyAndSends');
  let wire: Uint8Array;
  try {
    const signed = await provider.signTransaction(Transaction.from(fromBase64(prepared.transaction)));
    wire = signed.serialize({ requireAllSignatures: false, verifySignatures: false });
  } catch (error) {
    if (isUserRejection(error)) throw new AnchorWalletError('rejected');
    throw new AnchorWalletError('walletFailed', error instanceof Error ? error.message : String(error));
  }
  return submit(toBase64(wire));
}
