/**
 * The two hashes of DESIGN 14's Merkle sum tree, full SHA-256, with every amount bound into them.
 * Each input is laid out in one buffer reused from hash to hash: a tree of a million leaves makes
 * two million of them, and allocating each one cost more than hashing it.
 */
import { sha256 as nobleSha256 } from '@noble/hashes/sha2';
import { assert32, HASH_BYTES, U128_MAX, U64_MAX } from './bytes.js';

const LEAF_DOMAIN = new TextEncoder().encode('stakedesk-por-leaf');

/**
 * A SHA-256 implementation. noble's runs everywhere (the browser, the standalone verifier); the
 * server passes node:crypto's, which builds a big tree about 1.4 times as fast.
 */
export type Sha256 = (input: Uint8Array) => Uint8Array;

/** A node of the tree: its hash and the sum of the liabilities under it (raw units). */
export type SumNode = { readonly hash: Uint8Array; readonly sum: bigint };

/** What an odd node out is paired with. */
export const ZERO_NODE: SumNode = Object.freeze({ hash: new Uint8Array(HASH_BYTES), sum: 0n });

// "stakedesk-por-leaf" || u64be(snapshotId) || wallet (32) || salt (32) || u64be(liability)
const leafInput = new Uint8Array(LEAF_DOMAIN.length + 8 + 32 + 32 + 8);
const leafView = new DataView(leafInput.buffer);
leafInput.set(LEAF_DOMAIN);
const AT_SNAPSHOT = LEAF_DOMAIN.length;
const AT_WALLET = AT_SNAPSHOT + 8;
const AT_SALT = AT_WALLET + 32;
const AT_LIABILITY = AT_SALT + 32;

// hashL (32) || u128be(sumL) || hashR (32) || u128be(sumR)
const nodeInput = new Uint8Array(96);
const nodeView = new DataView(nodeInput.buffer);

/** A snapshot's numeric id, checked to fit its u64be field (and a JSON number). */
export function checkSnapshotId(snapshotId: number): bigint {
  if (!Number.isSafeInteger(snapshotId) || snapshotId < 0) throw new RangeError(`Not a snapshot id: ${snapshotId}`);
  return BigInt(snapshotId);
}

/** SHA-256("stakedesk-por-leaf" || u64be(snapshotId) || wallet || salt || u64be(liability)). */
export function leafNode(
  snapshotId: number,
  wallet: Uint8Array,
  salt: Uint8Array,
  liability: bigint,
  sha256: Sha256 = nobleSha256,
): SumNode {
  if (typeof liability !== 'bigint' || liability < 0n) throw new RangeError(`A liability cannot be negative: ${liability}`);
  if (liability > U64_MAX) throw new RangeError(`A liability over 2^64 - 1 raw units: ${liability}`);
  leafView.setBigUint64(AT_SNAPSHOT, checkSnapshotId(snapshotId));
  leafInput.set(assert32(wallet, 'A wallet'), AT_WALLET);
  leafInput.set(assert32(salt, 'A salt'), AT_SALT);
  leafView.setBigUint64(AT_LIABILITY, liability);
  return { hash: sha256(leafInput), sum: liability };
}

function putSum(at: number, sum: bigint): void {
  // Most sums fit 64 bits: no shifted and masked copies of them to allocate then.
  const wide = sum > U64_MAX;
  nodeView.setBigUint64(at, wide ? sum >> 64n : 0n);
  nodeView.setBigUint64(at + 8, wide ? sum & U64_MAX : sum);
}

/** SHA-256(hashL || u128be(sumL) || hashR || u128be(sumR)), with sum = sumL + sumR. */
export function parentNode(left: SumNode, right: SumNode, sha256: Sha256 = nobleSha256): SumNode {
  if (left.sum < 0n || right.sum < 0n) throw new RangeError('A node sum cannot be negative');
  const sum = left.sum + right.sum;
  if (sum > U128_MAX) throw new RangeError(`A node sum over 2^128 - 1 raw units: ${sum}`);
  nodeInput.set(assert32(left.hash, 'A hash'), 0);
  putSum(32, left.sum);
  nodeInput.set(assert32(right.hash, 'A hash'), 48);
  putSum(80, right.sum);
  return { hash: sha256(nodeInput), sum };
}
