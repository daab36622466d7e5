import { createPublicKey, verify } from 'node:crypto';
import { Message, type PublicKey } from '@solana/web3.js';
import bs58 from 'bs58';

/**
 * A signed transaction on the wire is its signatures (a compact count, then 64 bytes each) and
 * then the message they sign. Read here without web3.js's lenient decoding, so that every byte
 * the wallet returned is held to the message the server built.
 */
export type SignedParts = { signatures: Uint8Array[]; message: Uint8Array };

const SIGNATURE_BYTES = 64;

/** Solana's compact-u16 length prefix: the value and how many bytes it took, or null if malformed. */
function compactLength(bytes: Uint8Array, offset: number): { value: number; size: number } | null {
  let value = 0;
  for (let size = 0; size < 3; size++) {
    const byte = bytes[offset + size];
    if (byte === undefined) return null;
    value |= (byte & 0x7f) << (7 * size);
    if ((byte & 0x80) === 0) return { value, size: size + 1 };
  }
  return null;
}

export function splitTransaction(wire: Uint8Array): SignedParts | null {
  const count = compactLength(wire, 0);
  if (!count || count.value === 0) return null;
  const messageStart = count.size + count.value * SIGNATURE_BYTES;
  if (wire.length <= messageStart) return null;
  const signatures = Array.from({ length: count.value }, (_, index) =>
    wire.subarray(count.size + index * SIGNATURE_BYTES, count.size + (index + 1) * SIGNATURE_BYTES),
  );
  return { signatures, message: wire.subarray(messageStart) };
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && Buffer.from(a).equals(Buffer.from(b));

function verifiesFor(key: PublicKey, message: Uint8Array, signature: Uint8Array): boolean {
  const publicKey = createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(key.toBytes()).toString('base64url') },
    format: 'jwk',
  });
  return verify(null, message, publicKey, signature);
}

/** True when `wire` carries exactly `message` (byte for byte) with a valid signature of every signer it names. */
export function carriesMessage(wire: Uint8Array, message: Uint8Array): boolean {
  const parts = splitTransaction(wire);
  return parts !== null && sameBytes(parts.message, message);
}

/**
 * The transaction's signature (its id) when `wire` is `message`, byte for byte, signed by every
 * signer it requires (the payer first); null for anything else: another message, a missing or
 * wrong signature, trailing bytes.
 */
export function checkedSignature(wire: Uint8Array, message: Uint8Array): string | null {
  const parts = splitTransaction(wire);
  if (!parts || !sameBytes(parts.message, message)) return null;
  const signers = Message.from(Buffer.from(message)).accountKeys.slice(0, message[0]);
  if (parts.signatures.length !== signers.length) return null;
  const valid = signers.every((key, index) => verifiesFor(key, message, parts.signatures[index]!));
  return valid ? bs58.encode(parts.signatures[0]!) : null;
}

/** The unsigned transaction on the wire: a zeroed signature per signer, then the message. */
export function unsignedTransaction(message: Uint8Array): Buffer {
  return Buffer.concat([Buffer.from([message[0]!]), Buffer.alloc(64 * message[0]!), message]);
}
