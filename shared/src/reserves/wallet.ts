/**
 * A wallet's 32 public-key bytes from its base58 address. Decoded here in eight 32-bit limbs
 * rather than with bs58: a snapshot decodes every holder's address, and bs58's general decoder
 * was the largest cost of building a tree of a million (wallet.test.ts holds it to bs58's answers).
 */

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const DIGIT = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DIGIT[ALPHABET.charCodeAt(i)] = i;
const LIMBS = 8;
const LIMB = 2 ** 32;

const limbs = new Float64Array(LIMBS);

/** The 32 bytes, or undefined when `wallet` is not base58 of exactly 32 bytes. */
export function walletBytes(wallet: unknown): Uint8Array | undefined {
  const bytes = new Uint8Array(32);
  return decodeWalletInto(wallet, bytes, 0) ? bytes : undefined;
}

/** Writes the 32 bytes at `at` of `out`; false (and `out` scribbled on) when `wallet` is not base58 of exactly 32 bytes. */
export function decodeWalletInto(wallet: unknown, out: Uint8Array, at: number): boolean {
  if (typeof wallet !== 'string' || wallet.length === 0 || wallet.length > 44) return false;
  let zeros = 0;
  while (zeros < wallet.length && wallet.charCodeAt(zeros) === 49 /* '1' */) zeros++;
  // The number after the leading '1's, most significant limb first.
  limbs.fill(0);
  for (let i = zeros; i < wallet.length; i++) {
    const code = wallet.charCodeAt(i);
    let carry = code < 128 ? DIGIT[code]! : -1;
    if (carry < 0) return false;
    for (let l = LIMBS - 1; l >= 0; l--) {
      const x = limbs[l]! * 58 + carry;
      carry = Math.floor(x / LIMB);
      limbs[l] = x - carry * LIMB;
    }
    if (carry !== 0) return false;
  }
  for (let l = 0; l < LIMBS; l++) {
    const limb = limbs[l]!;
    out[at + l * 4] = limb >>> 24;
    out[at + l * 4 + 1] = (limb >>> 16) & 0xff;
    out[at + l * 4 + 2] = (limb >>> 8) & 0xff;
    out[at + l * 4 + 3] = limb & 0xff;
  }
  // base58 keeps leading zero bytes as '1's: exactly `zeros` of them, then a non-zero byte.
  let leading = 0;
  while (leading < 32 && out[at + leading] === 0) leading++;
  return leading === zeros;
}
