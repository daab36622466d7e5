import { describe, expect, it } from 'vitest';
import { stakingDestination } from './staking-open.js';

describe('stakingDestination', () => {
  it('is closed until both the mint and the staking wallet are set', () => {
    expect(stakingDestination({ tokenContract: '', stakingWallet: '' })).toBeUndefined();
    expect(stakingDestination({ tokenContract: 'Mint111', stakingWallet: '' })).toBeUndefined();
    expect(stakingDestination({ tokenContract: null, stakingWallet: 'Wallet111' })).toBeUndefined();
    expect(stakingDestination({})).toBeUndefined();
  });

  it('names where deposits go once both are set', () => {
    expect(stakingDestination({ tokenContract: 'Mint111', stakingWallet: 'Wallet111' })).toEqual({
      mint: 'Mint111',
      stakingWallet: 'Wallet111',
    });
  });
});
