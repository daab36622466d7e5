/** The two hashes of DESIGN 14's Merkle sum tree, full SHA-256, with every amount bound into them. */
import { sha256 } from '@noble/hashes/sha2';
import { assert32, concatBytes, HASH_BYTES, U128_MAX, U64_MAX, uintBE } from './bytes.js';

const LEAF_DOMAIN = new TextEncoder().encode('stakedesk-por-leaf');

/** A node of the tree: its hash and the sum of the liabilities under it (raw units). */
export type SumNode = { readonly hash: Uint8Array; readonly sum: bigint };

/** What an odd node out is paired with. */
export const ZERO_NODE: SumNode = Object.freeze({ hash: new Uint8Array(HASH_BYTES), sum: 0n });

/** A snapshot's numeric id, checked to fit its u64be field. */
export function snapshotIdBytes(snapshotId: number): Uint8Array {
  if (!Number.isSafeInteger(snapshotId) || snapshotId < 0) throw new RangeError(`Not a snapshot id: ${snapshotId}`);
  return uintBE(BigInt(snapshotId), 8);
}

/** SHA-256("stakedesk-por-leaf" || u64be(snapshotId) || wallet || salt || u64be(liability)). */
export function leafNode(snapshotId: number, wallet: Uint8Array, salt: Uint8Array, liability: bigint): SumNode {
  if (typeof liability !== 'bigint' || liability < 0n) throw new RangeError(`A liability cannot be negative: ${liability}`);
  if (liability > U64_MAX) throw new RangeError(`A liability over 2^64 - 1 raw units: ${liability}`);
  const hash = sha256(
    concatBytes(LEAF_DOMAIN, snapshotIdBytes(snapshotId), assert32(wallet, 'A wallet'), assert32(salt, 'A salt'), uintBE(liability, 8)),
  );
  return { hash, sum: liability };
}

/** SHA-256(hashL || u128be(sumL) || hashR || u128be(sumR)), with sum = sumL + sumR. */
export function parentNode(left: SumNode, right: SumNode): SumNode {
  if (left.sum < 0n || right.sum < 0n) throw new RangeError('A node sum cannot be negative');
  const sum = left.sum + right.sum;
  if (sum > U128_MAX) throw new RangeError(`A node sum over 2^128 - 1 raw units: ${sum}`);
  const hash = sha256(
    concatBytes(assert32(left.hash, 'A hash'), uintBE(left.sum, 16), assert32(right.hash, 'A hash'), uintBE(right.sum, 16)),
  );
  return { hash, sum };
}
