import type { PublicKey } from '@solana/web3.js';

/**
 * What signs the payouts the server sends by itself (DESIGN 13): the message bytes of a payout the
 * server built, answered with an ed25519 signature that the server checks against its own message
 * before anything is sent, exactly as it checks an operator's. Its wallet is the hot wallet. A KMS or
 * a custody service is another implementation of this.
 */
export interface PayoutSigner {
  /** The hot wallet: the payer and source owner of every payout this signer signs. */
  readonly publicKey: PublicKey;
  /** Where the key lives, for logs and the panel ("keyfile /etc/stakedesk/hot.json"); never the key. */
  readonly description: string;
  sign(message: Uint8Array): Promise<Uint8Array>;
}

/** Thrown for a PAYOUT_SIGNER the server must not start with; the message is the one sentence the operator reads. */
export class PayoutSignerError extends Error {}
