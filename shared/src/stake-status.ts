/**
 * Stake and withdrawal states, the stake's dates, and the rules that group stakes by them: the
 * one home of these rules (SQL that must agree with them names the function it mirrors).
 */

import { DAY_MS, ENDING_SOON_DAYS } from './constants.js';

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
  plan: { durationDays: number };
};

const RESTAKE_TX_PREFIX = 'restake_';

export function stakeEndsAt(createdAt: Date | string, durationDays: number): Date {
  return new Date(toTime(createdAt) + durationDays * DAY_MS);
}

/** Whole days left, rounded up; 0 once the end is reached, never negative. */
export function daysRemaining(createdAt: Date | string, durationDays: number, now: Date = new Date()): number {
  const left = stakeEndsAt(createdAt, durationDays).getTime() - now.getTime();
  return left > 0 ? Math.ceil(left / DAY_MS) : 0;
}

export function hasElapsed(createdAt: Date | string, durationDays: number, now: Date = new Date()): boolean {
  return now.getTime() >= stakeEndsAt(createdAt, durationDays).getTime();
}

/** Active, but its period is over (not yet marked completed by the expiry job). */
export function isExpired(stake: StakeTiming, now: Date = new Date()): boolean {
  return stake.status === 'active' && hasElapsed(stake.createdAt, stake.plan.durationDays, now);
}

/** Completed, or active and past its end: paid in full (principal + reward) and restakable. */
export function isComplete(stake: StakeTiming, now: Date = new Date()): boolean {
  return stake.status === 'completed' || isExpired(stake, now);
}

export function isLive(status: StakeStatus): boolean {
  return (LIVE_STAKE_STATUSES as readonly StakeStatus[]).includes(status);
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

/** Elapsed share of the period, 0-100. */
export function progressPercent(createdAt: Date | string, durationDays: number, now: Date = new Date()): number {
  const total = durationDays * DAY_MS;
  if (!(total > 0)) return 100;
  const elapsed = now.getTime() - toTime(createdAt);
  return Math.min(100, Math.max(0, (elapsed / total) * 100));
}

export function stakeBadge(stake: StakeTiming, now: Date = new Date()): StakeBadge {
  if (stake.status === 'completed') return 'Completed';
  if (stake.status === 'withdrawn') return 'Withdrawn';
  if (stake.status === 'pending_withdrawal') return 'Withdrawal Pending';
  const left = daysRemaining(stake.createdAt, stake.plan.durationDays, now);
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
