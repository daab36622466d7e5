/**
 * The leaves' order: wallets ascending by their 32 public-key bytes, packed one after another.
 * A counting sort on the first two bytes, then each bucket sorted on its own: a million wallets
 * without a comparison callback per pair or a string per key. A bucket that someone filled on
 * purpose (keys ground to share two bytes) falls back to an O(n log n) sort.
 */
import { HASH_BYTES } from './bytes.js';

const BUCKETS = 1 << 16;
const SMALL_BUCKET = 32;

/** Compares the 32 bytes at `aAt` of `a` with those at `bAt` of `b`. */
export function compareKeys(a: Uint8Array, aAt: number, b: Uint8Array, bAt: number): number {
  for (let k = 0; k < HASH_BYTES; k++) {
    const diff = a[aAt + k]! - b[bAt + k]!;
    if (diff !== 0) return diff;
  }
  return 0;
}

/** Positions of the `count` keys packed in `keys`, in ascending byte order. */
export function keyOrder(keys: Uint8Array, count: number): Uint32Array {
  const bucketOf = (i: number) => (keys[i * HASH_BYTES]! << 8) | keys[i * HASH_BYTES + 1]!;
  const starts = new Uint32Array(BUCKETS + 1);
  for (let i = 0; i < count; i++) starts[bucketOf(i) + 1]!++;
  for (let b = 0; b < BUCKETS; b++) starts[b + 1]! += starts[b]!;
  const next = starts.slice(0, BUCKETS);
  const order = new Uint32Array(count);
  for (let i = 0; i < count; i++) order[next[bucketOf(i)]!++] = i;

  const compare = (x: number, y: number) => compareKeys(keys, x * HASH_BYTES, keys, y * HASH_BYTES);
  for (let b = 0; b < BUCKETS; b++) {
    const from = starts[b]!;
    const to = starts[b + 1]!;
    if (to - from > SMALL_BUCKET) {
      order.subarray(from, to).sort(compare);
      continue;
    }
    for (let i = from + 1; i < to; i++) {
      const key = order[i]!;
      let j = i - 1;
      for (; j >= from && compare(order[j]!, key) > 0; j--) order[j + 1] = order[j]!;
      order[j + 1] = key;
    }
  }
  return order;
}
