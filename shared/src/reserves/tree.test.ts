import { createHash } from 'node:crypto';
import bs58 from 'bs58';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toHex, U64_MAX } from './bytes.js';
import { buildReservesTree, type ReservesLeafInput } from './tree.js';

const filled = (byte: number) => new Uint8Array(32).fill(byte);
const holder = (walletByte: number, liability: bigint, saltByte = walletByte + 100): ReservesLeafInput => ({
  wallet: bs58.encode(filled(walletByte)),
  liability,
  salt: filled(saltByte),
});

// The byte layout of DESIGN 14 written out again with node:crypto, apart from the code under test.
const sha = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
const u64 = (value: bigint) => {
  const out = Buffer.alloc(8);
  out.writeBigUInt64BE(value);
  return out;
};
const u128 = (value: bigint) => Buffer.concat([u64(value >> 64n), u64(value & U64_MAX)]);
const leaf = (snapshotId: bigint, walletByte: number, saltByte: number, liability: bigint) =>
  sha(
    Buffer.from('stakedesk-por-leaf', 'utf8'),
    u64(snapshotId),
    Buffer.from(filled(walletByte)),
    Buffer.from(filled(saltByte)),
    u64(liability),
  );
const node = (left: Buffer, leftSum: bigint, right: Buffer, rightSum: bigint) => sha(left, u128(leftSum), right, u128(rightSum));

describe('buildReservesTree', () => {
  it('gives the root of a fixed three-leaf tree, byte for byte (leaves by wallet bytes, the odd one paired with the zero leaf)', () => {
    // Given out of order: the tree sorts them by the wallet's bytes (1, 2, 3).
    const tree = buildReservesTree([holder(3, 5n), holder(1, 1_000_000n), holder(2, U64_MAX)], 7);
    const a = leaf(7n, 1, 101, 1_000_000n);
    const b = leaf(7n, 2, 102, U64_MAX);
    const c = leaf(7n, 3, 103, 5n);
    const ab = node(a, 1_000_000n, b, U64_MAX);
    const cZero = node(c, 5n, Buffer.alloc(32), 0n);
    const root = node(ab, 1_000_000n + U64_MAX, cZero, 5n);

    expect(toHex(tree.root.hash)).toBe(root.toString('hex'));
    // Pinned too, so a change made on both sides at once still shows.
    expect(toHex(tree.root.hash)).toBe('8eb59d8b27dcfcae096f160910a43117d1742db05c9ec6ef47e3542d79321e41');
    expect(tree.root.sum).toBe(1_000_000n + U64_MAX + 5n);
    expect(tree.leafCount).toBe(3);
    expect(tree.proofOf(holder(3, 5n).wallet)).toEqual({
      snapshotId: 7,
      wallet: holder(3, 5n).wallet,
      salt: '67'.repeat(32),
      liability: '5',
      path: [
        { hash: '00'.repeat(32), sum: '0', side: 'right' },
        { hash: ab.toString('hex'), sum: (1_000_000n + U64_MAX).toString(), side: 'left' },
      ],
    });
  });

  it('gives the same root whatever order the holders come in', () => {
    const holders = fc.uniqueArray(fc.integer({ min: 0, max: 255 }), { minLength: 1, maxLength: 40 });
    fc.assert(
      fc.property(holders, fc.bigInt({ min: 0n, max: 10n ** 12n }), (bytes, amount) => {
        const leaves = bytes.map((byte) => holder(byte, amount + BigInt(byte), byte ^ 0x5a));
        const forward = buildReservesTree(leaves, 1);
        const backward = buildReservesTree([...leaves].reverse(), 1);
        expect(toHex(backward.root.hash)).toBe(toHex(forward.root.hash));
      }),
    );
  });

  it('has the zero leaf as the root of a snapshot with no holders, and no proof for a wallet without a leaf', () => {
    const tree = buildReservesTree([], 1);
    expect(toHex(tree.root.hash)).toBe('00'.repeat(32));
    expect(tree.root.sum).toBe(0n);
    expect(tree.proofOf(holder(1, 1n).wallet)).toBeUndefined();
  });

  it('refuses a negative leaf', () => {
    fc.assert(
      fc.property(fc.bigInt({ max: -1n }), (liability) => {
        expect(() => buildReservesTree([holder(1, 10n), holder(2, liability)], 1)).toThrow(/cannot be negative/);
      }),
    );
  });

  it('refuses a leaf over 2^64 - 1', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: U64_MAX + 1n, max: 1n << 200n }), (liability) => {
        expect(() => buildReservesTree([holder(1, liability)], 1)).toThrow(/over 2\^64 - 1/);
      }),
    );
    expect(() => buildReservesTree([holder(1, U64_MAX)], 1)).not.toThrow();
  });

  it('refuses two leaves for one wallet, whatever their amounts and salts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 255 }), fc.bigInt({ min: 0n, max: U64_MAX }), (byte, amount) => {
        const twice = [holder(byte, amount), holder((byte + 1) % 256, 1n), holder(byte, 0n, 9)];
        expect(() => buildReservesTree(twice, 1)).toThrow(/Two leaves for one wallet/);
      }),
    );
  });

  it('refuses a salt that is not exactly 32 bytes, and a wallet that is not a public key', () => {
    expect(() => buildReservesTree([{ ...holder(1, 1n), salt: new Uint8Array(31) }], 1)).toThrow(/exactly 32 bytes/);
    expect(() => buildReservesTree([{ ...holder(1, 1n), salt: new Uint8Array(33) }], 1)).toThrow(/exactly 32 bytes/);
    expect(() => buildReservesTree([{ ...holder(1, 1n), wallet: bs58.encode(new Uint8Array(31)) }], 1)).toThrow(/Not a wallet/);
  });

  it('refuses a snapshot id that is not a whole non-negative number', () => {
    for (const id of [-1, 1.5, Number.NaN, 2 ** 53]) expect(() => buildReservesTree([holder(1, 1n)], id)).toThrow(/Not a snapshot id/);
  });
});
