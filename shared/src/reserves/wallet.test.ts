import bs58 from 'bs58';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { walletBytes } from './wallet.js';

const bs58Answer = (value: string) => {
  const bytes = bs58.decodeUnsafe(value);
  return bytes?.length === 32 ? Uint8Array.from(bytes) : undefined;
};
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

describe('walletBytes', () => {
  it('decodes every 32-byte key as bs58 does, leading zero bytes included', () => {
    const key = fc.tuple(fc.integer({ min: 0, max: 32 }), fc.uint8Array({ minLength: 32, maxLength: 32 })).map(([zeros, bytes]) => {
      bytes.fill(0, 0, zeros);
      return bytes;
    });
    fc.assert(
      fc.property(key, (bytes) => {
        expect(walletBytes(bs58.encode(bytes))).toEqual(Uint8Array.from(bytes));
      }),
      { numRuns: 500 },
    );
  });

  it('refuses what bs58 does not decode to 32 bytes', () => {
    const text = fc.string({ unit: fc.constantFrom(...ALPHABET, '0', 'O', 'I', 'l', ' ', 'é'), minLength: 0, maxLength: 46 });
    fc.assert(
      fc.property(text, (value) => {
        expect(walletBytes(value)).toEqual(bs58Answer(value));
      }),
      { numRuns: 2000 },
    );
    for (const value of [
      '',
      '1'.repeat(32),
      '1'.repeat(33),
      bs58.encode(new Uint8Array(31).fill(255)),
      bs58.encode(new Uint8Array(33).fill(1)),
    ])
      expect(walletBytes(value)).toEqual(bs58Answer(value));
    expect(walletBytes(42)).toBeUndefined();
  });
});
