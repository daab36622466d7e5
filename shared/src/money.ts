/**
 * Money rules. Amounts are decimal strings; every result is a
 * whole number of tokens, rounded down. Inputs may be in PostgreSQL NUMERIC form ("1000.00000000").
 * Invalid or negative input throws RangeError.
 */

import { formatScaled, parseDecimal } from './decimal.js';
import type { ScaledDecimal } from './decimal.js';
import { isComplete } from './stake-status.js';
import type { PlanDuration } from './plan-duration.js';
import type { StakeStatus } from './stake-status.js';

export type StakeTerms = PlanDuration & { yieldRate: string; earlyPenaltyRate: string };

export type WithdrawalQuote = {
  kind: 'full' | 'early';
  amount: string;
  rewardAmount: string;
  penaltyAmount: string;
  finalAmount: string;
};

export type QuotableStake = {
  amount: string;
  status: StakeStatus;
  createdAt: Date | string;
  plan: StakeTerms;
};

/** floor(amount x percent / 100), exact. */
export function percentOf(amount: string, percent: string): string {
  const a = nonNegative(amount);
  const p = nonNegative(percent);
  const denominator = 100n * 10n ** BigInt(a.scale + p.scale);
  return ((a.units * p.units) / denominator).toString();
}

/** Reward for the whole period (not per year). */
export function rewardFor(amount: string, yieldRate: string): string {
  return percentOf(amount, yieldRate);
}

export function penaltyFor(amount: string, earlyPenaltyRate: string): string {
  return percentOf(amount, earlyPenaltyRate);
}

/** The amount of the new stake a restake creates: amount + reward. */
export function restakeAmount(amount: string, yieldRate: string): string {
  return addWhole(amount, rewardFor(amount, yieldRate));
}

export function addWhole(a: string, b: string): string {
  return (whole(a) + whole(b)).toString();
}

/** The smallest stake a plan takes: a stake is a whole number of tokens, at least the minimum (and at least 1). */
export function smallestStake(minStakeAmount: string): string {
  const { units, scale } = nonNegative(minStakeAmount);
  const divisor = 10n ** BigInt(scale);
  const rounded = (units + divisor - 1n) / divisor;
  return (rounded > 0n ? rounded : 1n).toString();
}

/** a - b; throws RangeError if the result would be negative. */
export function subtractWhole(a: string, b: string): string {
  const result = whole(a) - whole(b);
  if (result < 0n) throw new RangeError(`${a} - ${b} is negative`);
  return result.toString();
}

/** What a new stake of `amount` whole tokens will record and pay, shown before the holder signs. */
export type StakeQuote = { reward: string; total: string; penalty: string; earlyNet: string };

/** Reward and total at the end (the numbers the server records), and the early exit's net (amount - penalty). */
export function stakeQuote(amount: string, terms: Omit<StakeTerms, keyof PlanDuration>): StakeQuote {
  const reward = rewardFor(amount, terms.yieldRate);
  const penalty = penaltyFor(amount, terms.earlyPenaltyRate);
  return { reward, total: addWhole(amount, reward), penalty, earlyNet: subtractWhole(amount, penalty) };
}

/**
 * Full (amount + reward, no penalty) once the stake is complete (isComplete); otherwise early
 * (amount - penalty, reward forfeited). Asked only of an active or completed stake.
 */
export function withdrawalQuote(stake: QuotableStake, now: Date = new Date()): WithdrawalQuote {
  const amount = whole(stake.amount).toString();
  const { plan } = stake;
  if (isComplete(stake, now)) {
    const reward = rewardFor(amount, plan.yieldRate);
    return { kind: 'full', amount, rewardAmount: reward, penaltyAmount: '0', finalAmount: addWhole(amount, reward) };
  }
  const penalty = penaltyFor(amount, plan.earlyPenaltyRate);
  return { kind: 'early', amount, rewardAmount: '0', penaltyAmount: penalty, finalAmount: subtractWhole(amount, penalty) };
}

/** Whole tokens to the chain's raw units: 1500 tokens of a 6-decimal mint is 1500000000. */
export function toRawAmount(wholeTokens: string, decimals: number): bigint {
  return whole(wholeTokens) * 10n ** BigInt(decimals);
}

/** Raw units to a decimal string of tokens: 1500000001 with 6 decimals is "1500.000001". */
export function fromRawAmount(raw: bigint, decimals: number): string {
  const scale = 10n ** BigInt(decimals);
  const units = raw / scale;
  const fraction = (raw % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  return fraction ? `${units}.${fraction}` : units.toString();
}

function nonNegative(value: string): ScaledDecimal {
  const parsed = parseDecimal(value);
  if (parsed.units < 0n) throw new RangeError(`Negative amount: ${value}`);
  return parsed;
}

function whole(value: string): bigint {
  const { units, scale } = nonNegative(value);
  const divisor = 10n ** BigInt(scale);
  if (units % divisor !== 0n) {
    throw new RangeError(`Not a whole number of tokens: ${formatScaled({ units, scale })}`);
  }
  return units / divisor;
}
