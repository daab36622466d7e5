/**
 * Builds DESIGN 14's Merkle sum tree of one snapshot and hands out each holder's proof.
 * Leaves are ordered by the wallet's public-key bytes (ascending), so the same holders, amounts
 * and salts always give the same root.
 */
import { assert32, HASH_BYTES, toHex } from './bytes.js';
import { checkSnapshotId, leafNode, parentNode, ZERO_NODE, type Sha256, type SumNode } from './hash.js';
import type { ReservesProof, ReservesProofStep } from './proof.js';
import { compareKeys, keyOrder } from './order.js';
import { decodeWalletInto, walletBytes } from './wallet.js';

export type ReservesLeafInput = {
  /** Base58 public key. */
  wallet: string;
  /** Raw units of the mint. */
  liability: bigint;
  /** 32 bytes, per holder and snapshot. */
  salt: Uint8Array;
};

export type ReservesTree = {
  readonly snapshotId: number;
  readonly root: SumNode;
  readonly leafCount: number;
  /** The holder's proof, or undefined when the wallet has no leaf. */
  proofOf(wallet: string): ReservesProof | undefined;
  /** Every level from the leaves (in leaf order) up to the root's; none for no holders. For storing the tree: do not change them. */
  readonly levels: readonly TreeLevel[];
  /** The holder whose leaf is at `index` of the leaves. */
  holderAt(index: number): ReservesLeafInput;
};

/** One level of the tree: hash i is bytes [32 i, 32 i + 32) of `hashes`. */
export type TreeLevel = { readonly hashes: Uint8Array; readonly sums: readonly bigint[] };
type Level = { hashes: Uint8Array; sums: bigint[] };

const nodeAt = (level: Level, i: number): SumNode =>
  i < level.sums.length ? { hash: level.hashes.subarray(i * HASH_BYTES, (i + 1) * HASH_BYTES), sum: level.sums[i]! } : ZERO_NODE;

/**
 * Throws on a negative or over-u64 liability, a node sum over u128, a repeated wallet, a salt not of
 * 32 bytes. `holders` is kept, not copied, to answer proofOf: do not change it afterwards.
 * `sha256` defaults to noble's (see Sha256).
 */
export function buildReservesTree(holders: readonly ReservesLeafInput[], snapshotId: number, sha256?: Sha256): ReservesTree {
  checkSnapshotId(snapshotId);
  const count = holders.length;
  const keys = new Uint8Array(count * HASH_BYTES);
  for (let i = 0; i < count; i++) {
    const { wallet } = holders[i]!;
    if (!decodeWalletInto(wallet, keys, i * HASH_BYTES)) throw new RangeError(`Not a wallet address: ${wallet}`);
  }
  const order = keyOrder(keys, count);
  const keyOf = (i: number) => keys.subarray(i * HASH_BYTES, (i + 1) * HASH_BYTES);

  const leaves: Level = { hashes: new Uint8Array(count * HASH_BYTES), sums: new Array<bigint>(count) };
  for (let i = 0; i < count; i++) {
    const from = order[i]!;
    const holder = holders[from]!;
    if (i > 0 && compareKeys(keys, order[i - 1]! * HASH_BYTES, keys, from * HASH_BYTES) === 0)
      throw new RangeError(`Two leaves for one wallet: ${holder.wallet}`);
    const leaf = leafNode(snapshotId, keyOf(from), assert32(holder.salt, `The salt of ${holder.wallet}`), holder.liability, sha256);
    leaves.hashes.set(leaf.hash, i * HASH_BYTES);
    leaves.sums[i] = leaf.sum;
  }

  /** The leaf of `wallet`, by binary search over the ordered keys. */
  const leafOf = (wallet: string): number | undefined => {
    const bytes = walletBytes(wallet);
    if (!bytes) return undefined;
    for (let low = 0, high = count - 1; low <= high;) {
      const middle = (low + high) >>> 1;
      const diff = compareKeys(keys, order[middle]! * HASH_BYTES, bytes, 0);
      if (diff === 0) return middle;
      if (diff < 0) low = middle + 1;
      else high = middle - 1;
    }
    return undefined;
  };

  const levels: Level[] = [leaves];
  for (let level = leaves; level.sums.length > 1;) {
    const count = Math.ceil(level.sums.length / 2);
    const next: Level = { hashes: new Uint8Array(count * HASH_BYTES), sums: new Array<bigint>(count) };
    for (let i = 0; i < count; i++) {
      const parent = parentNode(nodeAt(level, 2 * i), nodeAt(level, 2 * i + 1), sha256);
      next.hashes.set(parent.hash, i * HASH_BYTES);
      next.sums[i] = parent.sum;
    }
    levels.push(next);
    level = next;
  }
  const top = levels[levels.length - 1]!;
  // No holders: the root is the zero leaf, a total of 0.
  const root: SumNode = top.sums.length ? { hash: top.hashes.slice(0, HASH_BYTES), sum: top.sums[0]! } : ZERO_NODE;

  return {
    snapshotId,
    root,
    leafCount: count,
    levels: count ? levels : [],
    holderAt: (index) => holders[order[index]!]!,
    proofOf(wallet) {
      const at = leafOf(wallet);
      if (at === undefined) return undefined;
      const holder = holders[order[at]!]!;
      const path: ReservesProofStep[] = [];
      for (let depth = 0, i = at; depth < levels.length - 1; depth++, i >>= 1) {
        const sibling = nodeAt(levels[depth]!, i ^ 1);
        path.push({ hash: toHex(sibling.hash), sum: sibling.sum.toString(), side: i % 2 === 0 ? 'right' : 'left' });
      }
      return { snapshotId, wallet: holder.wallet, salt: toHex(holder.salt), liability: holder.liability.toString(), path };
    },
  };
}
