/** The byte forms of DESIGN 14: 32-byte values, the integer bounds, lowercase hex. */

export const HASH_BYTES = 32;
export const U64_MAX = (1n << 64n) - 1n;
export const U128_MAX = (1n << 128n) - 1n;

const HEX = /^(?:[0-9a-f]{2})*$/;

/** Throws unless `bytes` is exactly 32 bytes: no truncated hash or short salt goes through. */
export function assert32(bytes: Uint8Array, what: string): Uint8Array {
  if (!(bytes instanceof Uint8Array) || bytes.length !== HASH_BYTES)
    throw new RangeError(`${what} must be exactly ${HASH_BYTES} bytes, not ${bytes instanceof Uint8Array ? bytes.length : typeof bytes}`);
  return bytes;
}

const BYTE_HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += BYTE_HEX[byte]!;
  return out;
}

/** Lowercase hex only (the JSON form); undefined for anything else. */
export function fromHex(hex: unknown): Uint8Array | undefined {
  if (typeof hex !== 'string' || !HEX.test(hex)) return undefined;
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}
