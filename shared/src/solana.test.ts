import bs58 from 'bs58';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSolanaAddress, isTransactionSignature } from './solana.js';

describe('isSolanaAddress', () => {
  it.each([
    '11111111111111111111111111111111',
    'So11111111111111111111111111111111111111112',
    'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  ])('accepts %s', (value) => {
    expect(isSolanaAddress(value)).toBe(true);
  });

  it.each([
    '',
    '1111111111111111111111111111111', // 31 bytes
    'So1111111111111111111111111111111111111111O', // O is not base58
    'So11111111111111111111111111111111111111112 ',
    bs58.encode(new Uint8Array(33).fill(255)),
    bs58.encode(new Uint8Array(64).fill(1)),
  ])('refuses %j', (value) => {
    expect(isSolanaAddress(value)).toBe(false);
  });

  it('refuses non-strings', () => {
    for (const value of [null, undefined, 42, {}, [], new Uint8Array(32)]) expect(isSolanaAddress(value)).toBe(false);
  });

  it('accepts the encoding of any 32 bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (bytes) => {
        expect(isSolanaAddress(bs58.encode(bytes))).toBe(true);
        expect(isTransactionSignature(bs58.encode(bytes))).toBe(false);
      }),
    );
  });
});

describe('isTransactionSignature', () => {
  it('accepts the encoding of any 64 bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 64, maxLength: 64 }), (bytes) => {
        expect(isTransactionSignature(bs58.encode(bytes))).toBe(true);
        expect(isSolanaAddress(bs58.encode(bytes))).toBe(false);
      }),
    );
  });

  it('refuses other lengths, bad characters and restake ids', () => {
    expect(isTransactionSignature(bs58.encode(new Uint8Array(63).fill(9)))).toBe(false);
    expect(isTransactionSignature(bs58.encode(new Uint8Array(65).fill(9)))).toBe(false);
    expect(isTransactionSignature(`${bs58.encode(new Uint8Array(64).fill(9)).slice(0, -1)}0`)).toBe(false);
    expect(isTransactionSignature('restake_12')).toBe(false);
    expect(isTransactionSignature('1'.repeat(10_000))).toBe(false);
  });
});
