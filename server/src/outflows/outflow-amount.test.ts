import { describe, expect, it } from 'vitest';
import type { AccountTokenBalance, TokenActivity } from '../chain/chain.js';
import { outflowOf } from './outflow-amount.js';

// What a transaction took out of the treasury, from its own token balances (the integration tests
// run real transfers; these are the cases a transfer instruction alone cannot make).
const MINT = 'Mint1111111111111111111111111111111111111111';
const STAKING = { address: 'StakingAccount', owner: 'StakingWallet', mint: MINT };
const HOT = { address: 'HotAccount', owner: 'HotWallet', mint: MINT };
const TREASURY = new Set([STAKING.owner, HOT.owner]);

const balance = (accountIndex: number, owner: string, amount: bigint, mint = MINT): AccountTokenBalance => ({
  accountIndex,
  mint,
  owner,
  amount,
});
const activity = (pre: AccountTokenBalance[], post: AccountTokenBalance[]): TokenActivity => ({
  accountKeys: ['Payer', STAKING.address, HOT.address, 'Elsewhere'],
  preTokenBalances: pre,
  postTokenBalances: post,
});

describe('an outflow from the treasury', () => {
  it('is what left the account for a wallet outside the treasury', () => {
    const moved = activity(
      [balance(1, 'StakingWallet', 1000n), balance(3, 'Thief', 0n)],
      [balance(1, 'StakingWallet', 400n), balance(3, 'Thief', 600n)],
    );
    expect(outflowOf(moved, STAKING, TREASURY)).toBe(600n);
  });

  it('is the whole balance when the account itself is handed to another owner', () => {
    const handedOver = activity([balance(1, 'StakingWallet', 1000n)], [balance(1, 'Thief', 1000n)]);
    expect(outflowOf(handedOver, STAKING, TREASURY)).toBe(1000n);
  });

  it('is nothing for a move between two treasury wallets, a zero transfer, another mint or an account the transaction does not list', () => {
    const topUp = activity(
      [balance(1, 'StakingWallet', 1000n), balance(2, 'HotWallet', 5n)],
      [balance(1, 'StakingWallet', 0n), balance(2, 'HotWallet', 1005n)],
    );
    expect(outflowOf(topUp, STAKING, TREASURY)).toBe(0n);
    const anchor = activity(
      [balance(1, 'StakingWallet', 1000n), balance(2, 'HotWallet', 5n)],
      [balance(1, 'StakingWallet', 1000n), balance(2, 'HotWallet', 5n)],
    );
    expect(outflowOf(anchor, STAKING, TREASURY)).toBe(0n);
    const otherMint = activity([balance(1, 'StakingWallet', 1000n, 'Other')], [balance(1, 'StakingWallet', 0n, 'Other')]);
    expect(outflowOf(otherMint, STAKING, TREASURY)).toBe(0n);
    expect(outflowOf({ ...topUp, accountKeys: ['Payer'] }, STAKING, TREASURY)).toBe(0n);
  });

  it('is at most what the treasury lost when part of it went to another treasury wallet', () => {
    const split = activity(
      [balance(1, 'StakingWallet', 1000n), balance(2, 'HotWallet', 0n), balance(3, 'Thief', 0n)],
      [balance(1, 'StakingWallet', 0n), balance(2, 'HotWallet', 700n), balance(3, 'Thief', 300n)],
    );
    expect(outflowOf(split, STAKING, TREASURY)).toBe(300n);
    expect(outflowOf(split, HOT, TREASURY)).toBe(0n);
  });
});
