import type { PayoutSigner } from './payout-signer.js';

/**
 * The signed transaction (base64) of a message the server built with the signer's wallet as its
 * only signer: a count of one, the signature, the message. The server then holds it to the same
 * check as an operator's wallet's copy (the exact message, a valid signature of the payer).
 */
export async function signedTransaction(signer: PayoutSigner, message: Uint8Array): Promise<string> {
  if (message[0] !== 1) throw new Error('a transaction the server signs must have the hot wallet as its only signer');
  const signature = await signer.sign(message);
  return Buffer.concat([Buffer.from([1]), Buffer.from(signature), Buffer.from(message)]).toString('base64');
}
