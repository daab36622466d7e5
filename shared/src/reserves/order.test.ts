import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toHex } from './bytes.js';
import { keyOrder } from './order.js';

/** The order a plain sort of the hex keys gives: the reference. */
const reference = (keys: Uint8Array[]) =>
  keys
    .map((key, i) => ({ hex: toHex(key), i }))
    .sort((a, b) => (a.hex < b.hex ? -1 : a.hex > b.hex ? 1 : a.i - b.i))
    .map(({ hex }) => hex);
const ordered = (keys: Uint8Array[]) => {
  const packed = new Uint8Array(keys.length * 32);
  keys.forEach((key, i) => packed.set(key, i * 32));
  return [...keyOrder(packed, keys.length)].map((i) => toHex(keys[i]!));
};

describe('keyOrder', () => {
  it('orders keys by their bytes, in small buckets and in one someone filled on purpose', () => {
    const key = fc.uint8Array({ minLength: 32, maxLength: 32 });
    // Sharing the first two bytes puts every key in one bucket, past the insertion sort's size.
    const sharedPrefix = fc.tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }));
    fc.assert(
      fc.property(fc.array(key, { maxLength: 200, size: 'max' }), fc.boolean(), sharedPrefix, (keys, crowd, [first, second]) => {
        if (crowd) for (const k of keys) k.set([first, second]);
        expect(ordered(keys)).toEqual(reference(keys));
      }),
      { numRuns: 200 },
    );
    // 200 runs of up to 200 keys: a second on a quiet machine, more than vitest's 5 s on a loaded CI one.
  }, 60_000);
});
