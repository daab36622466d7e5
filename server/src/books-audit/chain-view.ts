import { fromRawAmount } from '@stakedesk/shared/money';
import type { AuditSide } from '@stakedesk/shared/api-types';
import type { TokenActivity } from '../chain/chain.js';

/** What each wallet gained (positive) or lost (negative) of `mint` in a transaction, raw, from its own token balances. */
export function deltasByOwner(activity: TokenActivity, mint: string): Map<string, bigint> {
  const deltas = new Map<string, bigint>();
  const add = (owner: string | null, amount: bigint) => {
    if (owner !== null) deltas.set(owner, (deltas.get(owner) ?? 0n) + amount);
  };
  for (const balance of activity.preTokenBalances) if (balance.mint === mint) add(balance.owner, -balance.amount);
  for (const balance of activity.postTokenBalances) if (balance.mint === mint) add(balance.owner, balance.amount);
  return deltas;
}

/** A deposit as the chain shows it: what `stakingWallet` received and the one other wallet that paid it (null when not one). */
export function depositSeen(activity: TokenActivity, mint: string, stakingWallet: string, decimals: number): AuditSide {
  const deltas = deltasByOwner(activity, mint);
  const senders = [...deltas].filter(([owner, delta]) => delta < 0n && owner !== stakingWallet).map(([owner]) => owner);
  return { wallet: senders.length === 1 ? senders[0]! : null, amount: fromRawAmount(deltas.get(stakingWallet) ?? 0n, decimals) };
}

/** A payout as the chain shows it: what `wallet` received. */
export function payoutSeen(activity: TokenActivity, mint: string, wallet: string, decimals: number): AuditSide {
  return { wallet, amount: fromRawAmount(deltasByOwner(activity, mint).get(wallet) ?? 0n, decimals) };
}
