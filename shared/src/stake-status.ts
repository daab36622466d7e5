/**
 * Stake and withdrawal states, the stake's dates, and the rules that group stakes by them: the
 * one home of these rules (SQL that must agree with them names the function it mirrors).
 */

import { DAY_MS, ENDING_SOON_DAYS } from './constants.js';
import { durationMs, durationParts, MINUTE_MS, type PlanDuration } from './plan-duration.js';

export { DAY_MS, ENDING_SOON_DAYS };

export const STAKE_STATUSES = ['active', 'completed', 'pending_withdrawal', 'withdrawn'] as const;
export type StakeStatus = (typeof STAKE_STATUSES)[number];

/** What counts as staked now: every stake not yet paid out or restaked. */
export const LIVE_STAKE_STATUSES = ['active', 'completed', 'pending_withdrawal'] as const satisfies readonly StakeStatus[];

export const WITHDRAWAL_STATUSES = ['pending', 'completed', 'rejected'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/**
 * A payout transaction the server built: prepared (waiting for the staking wallet's signature),
 * sent (signed, checked, sent and followed on chain), then completed, expired (its blockhash died
 * and no copy landed), failed (landed with an error: nothing moved) or needs_review (landed and
 * moved tokens but did not pay a withdrawal exactly as owed).
 */
export const PAYOUT_STATUSES = ['prepared', 'sent', 'completed', 'expired', 'failed', 'needs_review'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** While a payout is open its withdrawals are claimed: no other payout, pasted TXID or rejection of them. */
export const OPEN_PAYOUT_STATUSES = ['prepared', 'sent'] as const satisfies readonly PayoutStatus[];

/** How a payout ended for one of its withdrawals; null while it is open. */
export const PAYOUT_OUTCOMES = ['paid', 'review', 'freed'] as const;
export type PayoutOutcome = (typeof PAYOUT_OUTCOMES)[number];

/** What an owner decides for a withdrawal under review: the holder was paid after all, or the withdrawal is payable again. */
export const REVIEW_RESOLUTIONS = ['paid', 'release'] as const;
export type ReviewResolution = (typeof REVIEW_RESOLUTIONS)[number];

export type StakeBadge = 'Completed' | 'Withdrawn' | 'Withdrawal Pending' | 'Expired' | 'Ending Soon' | 'Active';

export type StakeTiming = {
  status: StakeStatus;
  createdAt: Date | string;
  plan: PlanDuration;
};

export const RESTAKE_TX_PREFIX = 'restake_';

export function stakeEndsAt(createdAt: Date | string, duration: PlanDuration): Date {
  return new Date(toTime(createdAt) + durationMs(duration));
}

/** Whole days left, rounded up; 0 once the end is reached, never negative. */
export function daysRemaining(createdAt: Date | string, duration: PlanDuration, now: Date = new Date()): number {
  return unitsRemaining(createdAt, duration, DAY_MS, now);
}

/** Whole `unitMs` left, rounded up; 0 once the end is reached, never negative. */
function unitsRemaining(createdAt: Date | string, duration: PlanDuration, unitMs: number, now: Date): number {
  const left = stakeEndsAt(createdAt, duration).getTime() - now.getTime();
  return left > 0 ? Math.ceil(left / unitMs) : 0;
}

export function hasElapsed(createdAt: Date | string, duration: PlanDuration, now: Date = new Date()): boolean {
  return now.getTime() >= stakeEndsAt(createdAt, duration).getTime();
}

/** Active, but its period is over (not yet marked completed by the expiry job). */
export function isExpired(stake: StakeTiming, now: Date = new Date()): boolean {
  return stake.status === 'active' && hasElapsed(stake.createdAt, stake.plan, now);
}

/** Completed, or active and past its end: paid in full (principal + reward) and restakable. */
export function isComplete(stake: StakeTiming, now: Date = new Date()): boolean {
  return stake.status === 'completed' || isExpired(stake, now);
}

export function isLive(status: StakeStatus): boolean {
  return (LIVE_STAKE_STATUSES as readonly StakeStatus[]).includes(status);
}

/**
 * The reward a stake will still pay: none once an early unstake forfeited it (rewardForfeited is
 * set while that withdrawal is open or after it paid, and cleared if the operator rejects it).
 */
export function rewardDue(stake: { rewardAmount: string; rewardForfeited: boolean }): string {
  return stake.rewardForfeited ? '0' : stake.rewardAmount;
}

/**
 * Where a holder's dashboard lists a stake: still running (or awaiting its withdrawal), complete
 * (waiting to be withdrawn or restaked), or finished (paid out or restaked).
 */
export const STAKE_GROUPS = ['running', 'complete', 'finished'] as const;
export type StakeGroup = (typeof STAKE_GROUPS)[number];

export function stakeGroup(stake: StakeTiming, now: Date = new Date()): StakeGroup {
  if (stake.status === 'withdrawn') return 'finished';
  return isComplete(stake, now) ? 'complete' : 'running';
}

/**
 * The dashboard's "Active Stakes" count: active stakes still ahead of their end, and no other. The
 * running group also holds the stakes waiting for a withdrawal (the Active Stakes table lists them,
 * reading 'Withdrawal pending'); each of those has exactly one pending withdrawal, which the
 * summary counts as pendingWithdrawals, so they are taken out.
 */
export function activeStakeCount(summary: { stakes: Record<StakeGroup, number>; pendingWithdrawals: number }): number {
  return summary.stakes.running - summary.pendingWithdrawals;
}

/** Elapsed share of the period, 0-100. */
export function progressPercent(createdAt: Date | string, duration: PlanDuration, now: Date = new Date()): number {
  const total = durationMs(duration);
  if (!(total > 0)) return 100;
  const elapsed = now.getTime() - toTime(createdAt);
  return Math.min(100, Math.max(0, (elapsed / total) * 100));
}

/**
 * The status the holder's dashboard shows: one label per state that stays the same across a
 * reload. A stake past its end is Completed whether or not the expiry job has marked it yet (it
 * sits in Completed Stakes and pays in full either way); the admin panel keeps stakeBadge's
 * Expired, which tells an operator the job has not run.
 */
export function holderStakeBadge(stake: StakeTiming, now: Date = new Date()): Exclude<StakeBadge, 'Expired'> {
  const badge = stakeBadge(stake, now);
  return badge === 'Expired' ? 'Completed' : badge;
}

/**
 * What a stake's progress cell says: the days (a demo plan's minutes) left while it runs; once a
 * withdrawal is asked for, not a count of days (a stake whose period ended is not "0/30 days
 * left"): ended, or unstaked early when that withdrawal forfeited the reward. Neither depends on the clock, so a reload
 * changes nothing.
 */
export type StakeProgress =
  { kind: 'running'; unit: 'day' | 'minute'; left: number; total: number; percent: number } | { kind: 'ended' } | { kind: 'unstakedEarly' };

export function stakeProgress(stake: StakeTiming & { rewardForfeited: boolean }, now: Date = new Date()): StakeProgress {
  if (stake.rewardForfeited) return { kind: 'unstakedEarly' };
  if (stake.status !== 'active' || hasElapsed(stake.createdAt, stake.plan, now)) return { kind: 'ended' };
  const { createdAt, plan } = stake;
  const { count, unit } = durationParts(plan);
  return {
    kind: 'running',
    unit,
    left: unitsRemaining(createdAt, plan, unit === 'minute' ? MINUTE_MS : DAY_MS, now),
    total: count,
    percent: progressPercent(createdAt, plan, now),
  };
}

export function stakeBadge(stake: StakeTiming, now: Date = new Date()): StakeBadge {
  if (stake.status === 'completed') return 'Completed';
  if (stake.status === 'withdrawn') return 'Withdrawn';
  if (stake.status === 'pending_withdrawal') return 'Withdrawal Pending';
  const left = daysRemaining(stake.createdAt, stake.plan, now);
  if (left === 0) return 'Expired';
  return left <= ENDING_SOON_DAYS ? 'Ending Soon' : 'Active';
}

export function isRestakeTxId(txId: string | null | undefined): boolean {
  return typeof txId === 'string' && txId.startsWith(RESTAKE_TX_PREFIX);
}

/** The txId recorded on a stake created by restaking another: unique because a stake is restaked once. */
export function restakeTxId(originalStakeId: number): string {
  if (!Number.isSafeInteger(originalStakeId) || originalStakeId < 1) {
    throw new RangeError(`Not a stake id: ${originalStakeId}`);
  }
  return `${RESTAKE_TX_PREFIX}${originalStakeId}`;
}

function toTime(value: Date | string): number {
  const time = (value instanceof Date ? value : new Date(value)).getTime();
  if (Number.isNaN(time)) throw new RangeError(`Invalid date: ${String(value)}`);
  return time;
}
