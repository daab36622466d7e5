import bs58 from 'bs58';

/** A wallet's 32 public-key bytes, or undefined when `wallet` is not a base58 public key. */
export function walletBytes(wallet: unknown): Uint8Array | undefined {
  if (typeof wallet !== 'string') return undefined;
  const bytes = bs58.decodeUnsafe(wallet);
  return bytes?.length === 32 ? bytes : undefined;
}
