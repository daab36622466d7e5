import { describe, expect, it } from 'vitest';
import { isUserRejection } from './wallet-rejection.js';

describe('isUserRejection', () => {
  it('knows a decline by its code or its words', () => {
    expect(isUserRejection(Object.assign(new Error('whatever'), { code: 4001 }))).toBe(true);
    expect(isUserRejection(new Error('User rejected the request.'))).toBe(true);
    expect(isUserRejection(new Error('Transaction cancelled by the user'))).toBe(true);
  });

  it('leaves every other failure alone', () => {
    expect(isUserRejection(new Error('Blockhash not found'))).toBe(false);
    expect(isUserRejection(Object.assign(new Error('Internal error'), { code: -32603 }))).toBe(false);
    expect(isUserRejection(undefined)).toBe(false);
    expect(isUserRejection('rejected')).toBe(false);
  });
});
