import { createHmac } from 'node:crypto';
import bs58 from 'bs58';
import { describe, expect, it } from 'vitest';
import { reservesSalt } from './salt.js';

const secret = new Uint8Array(32).fill(7);
const walletKey = new Uint8Array(32).fill(9);
const wallet = bs58.encode(walletKey);

describe('reservesSalt', () => {
  it('is HMAC-SHA256 of the domain, the u64be snapshot id and the wallet bytes', () => {
    const expected = createHmac('sha256', secret)
      .update(Buffer.concat([Buffer.from('stakedesk-por-salt'), Buffer.from([0, 0, 0, 0, 0, 0, 1, 2]), walletKey]))
      .digest();
    expect(Buffer.from(reservesSalt(secret, 258, wallet))).toEqual(expected);
  });

  it('differs per snapshot and per wallet, and is 32 bytes', () => {
    const other = bs58.encode(new Uint8Array(32).fill(10));
    expect(reservesSalt(secret, 1, wallet)).toHaveLength(32);
    expect(reservesSalt(secret, 1, wallet)).not.toEqual(reservesSalt(secret, 2, wallet));
    expect(reservesSalt(secret, 1, wallet)).not.toEqual(reservesSalt(secret, 1, other));
  });

  it('refuses a short secret and a wallet that is not a public key', () => {
    expect(() => reservesSalt(new Uint8Array(16), 1, wallet)).toThrow(/at least 32 bytes/);
    expect(() => reservesSalt(secret, 1, 'not-a-wallet')).toThrow(/Not a wallet address/);
  });
});
