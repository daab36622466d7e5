/** Syntax of Solana addresses and transaction signatures (base58; not whether they exist on chain). */

import bs58 from 'bs58';

/** A base58 public key: 32 bytes, 32 to 44 characters. */
export function isSolanaAddress(value: unknown): value is string {
  return typeof value === 'string' && value.length >= 32 && value.length <= 44 && decodedLength(value) === 32;
}

/** A base58 ed25519 signature, as a transaction id: 64 bytes, 64 to 88 characters. */
export function isTransactionSignature(value: unknown): value is string {
  return typeof value === 'string' && value.length >= 64 && value.length <= 88 && decodedLength(value) === 64;
}

function decodedLength(value: string): number | undefined {
  return bs58.decodeUnsafe(value)?.length;
}
