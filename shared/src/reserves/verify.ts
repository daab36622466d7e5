/**
 * Checks one holder's proof against a snapshot's published root and total, with nothing but
 * hashing: the browser on every dashboard visit and the standalone verifier both run this.
 * Every sum is recomputed here from the path (never taken from the server), and every sum is
 * inside the hashes, so a proof cannot shrink the total without changing the root.
 */
import { isCodedMessage, msg, type CodedMessage } from '../i18n/catalogue.js';
import { isWholeNumberString } from '../decimal.js';
import { fromHex, HASH_BYTES, toHex, U128_MAX, U64_MAX } from './bytes.js';
import { leafNode, parentNode, type SumNode } from './hash.js';
import type { ReservesProof } from './proof.js';
import { walletBytes } from './wallet.js';

export type ReservesProofCheck = { ok: true; liability: bigint } | { ok: false; reason: CodedMessage };

const refused = (reason: CodedMessage): ReservesProofCheck => ({ ok: false, reason });

/** The hash of a 32-byte lowercase hex string; a refusal for anything else, a shorter hash first of all. */
function hash32(value: unknown): Uint8Array | CodedMessage {
  const bytes = fromHex(value);
  if (!bytes) return msg('reservesProofMalformed');
  return bytes.length === HASH_BYTES ? bytes : msg('reservesProofHashLength');
}

/** Raw units as a decimal string, up to `max`. */
function amount(value: unknown, max: bigint): bigint | CodedMessage {
  if (typeof value !== 'string' || !isWholeNumberString(value)) return msg('reservesProofAmountInvalid');
  const units = BigInt(value);
  return units <= max ? units : msg('reservesProofAmountTooLarge');
}

/** `proof` as it came over the wire (anything); `root` lowercase hex, `total` raw units in decimal, as the snapshot publishes them. */
export function verifyReservesProof(proof: ReservesProof, root: string, total: string): ReservesProofCheck {
  const publishedRoot = fromHex(root);
  if (publishedRoot?.length !== HASH_BYTES || typeof total !== 'string' || !isWholeNumberString(total))
    return refused(msg('reservesPublishedInvalid'));
  const p = proof as Partial<Record<keyof ReservesProof, unknown>> | null;
  if (typeof p !== 'object' || p === null || !Array.isArray(p.path)) return refused(msg('reservesProofMalformed'));
  const { snapshotId } = p;
  const wallet = walletBytes(p.wallet);
  if (typeof snapshotId !== 'number' || !Number.isSafeInteger(snapshotId) || snapshotId < 0 || !wallet)
    return refused(msg('reservesProofMalformed'));
  const salt = fromHex(p.salt);
  if (!salt) return refused(msg('reservesProofMalformed'));
  if (salt.length !== HASH_BYTES) return refused(msg('reservesProofSaltLength'));
  const liability = amount(p.liability, U64_MAX);
  if (isCodedMessage(liability)) return refused(liability);

  let node: SumNode = leafNode(snapshotId, wallet, salt, liability);
  for (const step of p.path as unknown[]) {
    const { hash, sum, side } = (step ?? {}) as Record<string, unknown>;
    if (side !== 'left' && side !== 'right') return refused(msg('reservesProofMalformed'));
    const siblingHash = hash32(hash);
    if (isCodedMessage(siblingHash)) return refused(siblingHash);
    const siblingSum = amount(sum, U128_MAX);
    if (isCodedMessage(siblingSum)) return refused(siblingSum);
    const sibling = { hash: siblingHash, sum: siblingSum };
    if (node.sum + sibling.sum > U128_MAX) return refused(msg('reservesProofAmountTooLarge'));
    node = side === 'left' ? parentNode(sibling, node) : parentNode(node, sibling);
  }
  if (toHex(node.hash) !== root) return refused(msg('reservesProofRootMismatch'));
  if (node.sum !== BigInt(total)) return refused(msg('reservesProofTotalMismatch'));
  return { ok: true, liability };
}
