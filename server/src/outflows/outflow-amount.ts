import type { AccountTokenBalance, TokenActivity } from '../chain/chain.js';

/** A token account the server pays from, as the outflow ledger measures it. */
export type TreasuryAccount = { address: string; owner: string; mint: string };

/**
 * What a transaction took out of `account` that also left the treasury (raw units of its mint;
 * 0n when nothing did), read from the transaction's own token balances, never its instructions:
 * the account's fall in balance (all of it when the account was handed to another owner), at
 * most what every treasury wallet (`treasury`: the owners the server pays from) lost of the mint
 * together. So a move between two of them (the hot wallet topped up from the staking wallet) is
 * no outflow, and a zero-amount transfer (a reserves anchor) neither.
 */
export function outflowOf(activity: TokenActivity, account: TreasuryAccount, treasury: ReadonlySet<string>): bigint {
  const index = activity.accountKeys.indexOf(account.address);
  if (index < 0) return 0n;
  const ofAccount = (balance: AccountTokenBalance) => balance.accountIndex === index && balance.mint === account.mint;
  const before = activity.preTokenBalances.find(ofAccount);
  if (before?.owner !== account.owner) return 0n;
  const after = activity.postTokenBalances.find(ofAccount);
  const kept = after?.owner === account.owner ? after.amount : 0n;
  const left = before.amount - kept;
  if (left <= 0n) return 0n;
  const held = (balances: AccountTokenBalance[]) =>
    balances
      .filter((balance) => balance.mint === account.mint && balance.owner !== null && treasury.has(balance.owner))
      .reduce((total, balance) => total + balance.amount, 0n);
  const lost = held(activity.preTokenBalances) - held(activity.postTokenBalances);
  if (lost <= 0n) return 0n;
  return left < lost ? left : lost;
}
