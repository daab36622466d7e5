/**
 * Plan capacity (issue 8): an optional cap on what a plan holds in active stakes (maxTotalStaked)
 * and on what one wallet holds in it (maxPerWallet). Amounts are whole-token decimal strings.
 */

import { compareDecimal, parseDecimal } from './decimal.js';

export type PlanCaps = { maxTotalStaked: string | null; maxPerWallet: string | null };
export type Staked = { plan: string; wallet: string };
export type CapacityRefusal = { limit: 'plan' | 'wallet'; remaining: string };

/** What the cap still takes (never below 0); null when there is no cap. */
export function remainingCapacity(cap: string | null, staked: string): string | null {
  if (cap === null) return null;
  const left = parseDecimal(cap).units - parseDecimal(staked).units;
  return left > 0n ? left.toString() : '0';
}

/** Why `amount` more does not fit (the plan's cap first), or null when it fits both caps. */
export function capacityRefusal(caps: PlanCaps, staked: Staked, amount: string): CapacityRefusal | null {
  const checks = [
    { limit: 'plan' as const, remaining: remainingCapacity(caps.maxTotalStaked, staked.plan) },
    { limit: 'wallet' as const, remaining: remainingCapacity(caps.maxPerWallet, staked.wallet) },
  ];
  for (const { limit, remaining } of checks) {
    if (remaining !== null && compareDecimal(amount, remaining) > 0) return { limit, remaining };
  }
  return null;
}
