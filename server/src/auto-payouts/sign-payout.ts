import type { PayoutSigner } from '../signer/payout-signer.js';

/**
 * The signed transaction of a payout message the server built with the signer's wallet as its
 * only signer: a count of one, the signature, the message. postSignedPayout then holds it to the
 * same check as an operator's wallet's copy (the exact message, a valid signature of the payer).
 */
export async function signPayoutMessage(signer: PayoutSigner, message: Uint8Array): Promise<string> {
  if (message[0] !== 1) throw new Error('an automatic payout must have the hot wallet as its only signer');
  const signature = await signer.sign(message);
  return Buffer.concat([Buffer.from([1]), Buffer.from(signature), Buffer.from(message)]).toString('base64');
}
