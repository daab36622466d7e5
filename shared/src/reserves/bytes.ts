/** The byte encodings of DESIGN 14: fixed-width big-endian integers, 32-byte values, lowercase hex. */

export const HASH_BYTES = 32;
export const U64_MAX = (1n << 64n) - 1n;
export const U128_MAX = (1n << 128n) - 1n;

const HEX = /^(?:[0-9a-f]{2})*$/;

/** `value` as `width` bytes, big-endian; throws when it is negative or does not fit. */
export function uintBE(value: bigint, width: 8 | 16): Uint8Array {
  const max = width === 8 ? U64_MAX : U128_MAX;
  if (value < 0n || value > max) throw new RangeError(`${value} does not fit an unsigned ${width * 8}-bit integer`);
  const out = new Uint8Array(width);
  let rest = value;
  for (let i = width - 1; i >= 0; i--) {
    out[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  return out;
}

/** Throws unless `bytes` is exactly 32 bytes: no truncated hash or short salt goes through. */
export function assert32(bytes: Uint8Array, what: string): Uint8Array {
  if (!(bytes instanceof Uint8Array) || bytes.length !== HASH_BYTES)
    throw new RangeError(`${what} must be exactly ${HASH_BYTES} bytes, not ${bytes instanceof Uint8Array ? bytes.length : typeof bytes}`);
  return bytes;
}

export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
  return out;
}

/** Lowercase hex only (the JSON form); undefined for anything else. */
export function fromHex(hex: unknown): Uint8Array | undefined {
  if (typeof hex !== 'string' || !HEX.test(hex)) return undefined;
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
