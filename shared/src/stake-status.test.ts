import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  activeStakeCount,
  DAY_MS,
  daysRemaining,
  hasElapsed,
  isComplete,
  isExpired,
  isLive,
  isRestakeTxId,
  holderStakeBadge,
  progressPercent,
  restakeTxId,
  rewardDue,
  stakeBadge,
  stakeEndsAt,
  stakeGroup,
  stakeProgress,
} from './stake-status.js';
import type { StakeStatus } from './stake-status.js';

const created = new Date('2026-03-01T12:00:00Z');
const at = (ms: number) => new Date(created.getTime() + ms);
const stake = (status: StakeStatus, durationDays = 30) => ({ status, createdAt: created, plan: { durationDays } });

describe('a demo plan counted in minutes', () => {
  const minutes = { durationDays: 0, durationMinutes: 2 };
  const MINUTE_MS = 60_000;
  const demoStake = (status: StakeStatus) => ({ status, createdAt: created, plan: minutes, rewardForfeited: false });

  it('ends that many minutes after it was made, and is complete from then on', () => {
    expect(stakeEndsAt(created, minutes).toISOString()).toBe('2026-03-01T12:02:00.000Z');
    expect(isComplete(demoStake('active'), at(2 * MINUTE_MS - 1))).toBe(false);
    expect(isComplete(demoStake('active'), at(2 * MINUTE_MS))).toBe(true);
  });

  it('counts its progress in minutes', () => {
    expect(stakeProgress(demoStake('active'), at(30_000))).toEqual({ kind: 'running', unit: 'minute', left: 2, total: 2, percent: 25 });
    expect(stakeProgress(demoStake('active'), at(MINUTE_MS + 1))).toMatchObject({ unit: 'minute', left: 1 });
    expect(stakeProgress(demoStake('active'), at(2 * MINUTE_MS))).toEqual({ kind: 'ended' });
  });
});

describe('stakeEndsAt', () => {
  it('is createdAt plus the duration in days', () => {
    expect(stakeEndsAt(created, { durationDays: 30 }).toISOString()).toBe('2026-03-31T12:00:00.000Z');
    expect(stakeEndsAt('2026-03-01T12:00:00.000Z', { durationDays: 1 }).toISOString()).toBe('2026-03-02T12:00:00.000Z');
  });

  it('throws on an invalid date', () => {
    expect(() => stakeEndsAt('not a date', { durationDays: 1 })).toThrow(RangeError);
  });
});

describe('daysRemaining', () => {
  it('rounds partial days up', () => {
    expect(daysRemaining(created, { durationDays: 30 }, created)).toBe(30);
    expect(daysRemaining(created, { durationDays: 30 }, at(1))).toBe(30);
    expect(daysRemaining(created, { durationDays: 30 }, at(29 * DAY_MS))).toBe(1);
    expect(daysRemaining(created, { durationDays: 30 }, at(30 * DAY_MS - 1))).toBe(1);
  });

  it('is 0 at the end and never negative after it', () => {
    expect(daysRemaining(created, { durationDays: 30 }, at(30 * DAY_MS))).toBe(0);
    expect(daysRemaining(created, { durationDays: 30 }, at(400 * DAY_MS))).toBe(0);
  });

  it('is never negative and is 0 exactly when elapsed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3650 }), fc.integer({ min: -10 * DAY_MS, max: 4000 * DAY_MS }), (days, offset) => {
        const left = daysRemaining(created, { durationDays: days }, at(offset));
        expect(left).toBeGreaterThanOrEqual(0);
        expect(Number.isInteger(left)).toBe(true);
        expect(left === 0).toBe(hasElapsed(created, { durationDays: days }, at(offset)));
      }),
    );
  });
});

describe('hasElapsed and isExpired', () => {
  it('flips exactly at the end', () => {
    expect(hasElapsed(created, { durationDays: 30 }, at(30 * DAY_MS - 1))).toBe(false);
    expect(hasElapsed(created, { durationDays: 30 }, at(30 * DAY_MS))).toBe(true);
  });

  it('calls only an active stake past its end expired', () => {
    const after = at(31 * DAY_MS);
    expect(isExpired(stake('active'), after)).toBe(true);
    expect(isExpired(stake('active'), at(DAY_MS))).toBe(false);
    expect(isExpired(stake('completed'), after)).toBe(false);
    expect(isExpired(stake('pending_withdrawal'), after)).toBe(false);
  });
});

describe('isComplete and stakeGroup', () => {
  const end = at(30 * DAY_MS);

  it('calls a stake complete when completed, or active and past its end (ending exactly now included)', () => {
    expect(isComplete(stake('completed'), created)).toBe(true);
    expect(isComplete(stake('active'), end)).toBe(true);
    expect(isComplete(stake('active'), at(30 * DAY_MS - 1))).toBe(false);
    expect(isComplete(stake('pending_withdrawal'), end)).toBe(false);
    expect(isComplete(stake('withdrawn'), end)).toBe(false);
  });

  it("groups a holder's stakes as running, complete or finished", () => {
    expect(stakeGroup(stake('active'), at(DAY_MS))).toBe('running');
    expect(stakeGroup(stake('pending_withdrawal'), end)).toBe('running');
    expect(stakeGroup(stake('active'), end)).toBe('complete');
    expect(stakeGroup(stake('completed'), created)).toBe('complete');
    expect(stakeGroup(stake('withdrawn'), created)).toBe('finished');
  });

  it('counts as Active Stakes the running stakes that are not waiting for a withdrawal', () => {
    const now = at(DAY_MS);
    const stakes = [stake('active'), stake('active'), stake('pending_withdrawal'), stake('pending_withdrawal'), stake('completed')];
    const running = stakes.filter((s) => stakeGroup(s, now) === 'running').length;
    const waiting = stakes.filter((s) => s.status === 'pending_withdrawal').length;
    const summary = { stakes: { running, complete: 1, finished: 0 }, pendingWithdrawals: waiting };
    expect(running).toBe(4);
    expect(activeStakeCount(summary)).toBe(stakes.filter((s) => s.status === 'active' && !isExpired(s, now)).length);
    expect(activeStakeCount(summary)).toBe(2);
  });

  it('counts every stake not yet paid out or restaked as live', () => {
    expect(['active', 'completed', 'pending_withdrawal', 'withdrawn'].filter((s) => isLive(s as StakeStatus))).toEqual([
      'active',
      'completed',
      'pending_withdrawal',
    ]);
  });
});

describe('progressPercent', () => {
  it('is the elapsed share of the period', () => {
    expect(progressPercent(created, { durationDays: 10 }, created)).toBe(0);
    expect(progressPercent(created, { durationDays: 10 }, at(5 * DAY_MS))).toBe(50);
    expect(progressPercent(created, { durationDays: 10 }, at(10 * DAY_MS))).toBe(100);
  });

  it('is clamped to 0-100', () => {
    expect(progressPercent(created, { durationDays: 10 }, at(-DAY_MS))).toBe(0);
    expect(progressPercent(created, { durationDays: 10 }, at(50 * DAY_MS))).toBe(100);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3650 }), fc.integer({ min: -1e12, max: 1e12 }), (days, offset) => {
        const percent = progressPercent(created, { durationDays: days }, at(offset));
        expect(percent).toBeGreaterThanOrEqual(0);
        expect(percent).toBeLessThanOrEqual(100);
      }),
    );
  });
});

describe('stakeBadge', () => {
  const soon = at(28 * DAY_MS); // 2 days left

  it.each([
    ['completed', 'Completed'],
    ['withdrawn', 'Withdrawn'],
    ['pending_withdrawal', 'Withdrawal Pending'],
  ] as const)('%s shows %s', (status, badge) => {
    expect(stakeBadge(stake(status), soon)).toBe(badge);
    expect(stakeBadge(stake(status), at(99 * DAY_MS))).toBe(badge);
  });

  it('shows Active with more than 2 days left', () => {
    expect(stakeBadge(stake('active'), at(27 * DAY_MS))).toBe('Active');
    expect(stakeBadge(stake('active'), at(28 * DAY_MS - 1))).toBe('Active');
  });

  it('shows Ending Soon with 2 or fewer days left', () => {
    expect(stakeBadge(stake('active'), soon)).toBe('Ending Soon');
    expect(stakeBadge(stake('active'), at(30 * DAY_MS - 1))).toBe('Ending Soon');
    expect(stakeBadge(stake('active', 1), created)).toBe('Ending Soon');
  });

  it('shows Expired for an active stake past its end', () => {
    expect(stakeBadge(stake('active'), at(30 * DAY_MS))).toBe('Expired');
  });
});

describe('holderStakeBadge', () => {
  it('reads Completed for a stake past its end, before and after the expiry job marks it', () => {
    expect(holderStakeBadge(stake('active'), at(30 * DAY_MS))).toBe('Completed');
    expect(holderStakeBadge(stake('completed'), at(30 * DAY_MS))).toBe('Completed');
  });

  it('reads as stakeBadge otherwise', () => {
    expect(holderStakeBadge(stake('active'), at(27 * DAY_MS))).toBe('Active');
    expect(holderStakeBadge(stake('active'), at(28 * DAY_MS))).toBe('Ending Soon');
    expect(holderStakeBadge(stake('pending_withdrawal'), at(99 * DAY_MS))).toBe('Withdrawal Pending');
    expect(holderStakeBadge(stake('withdrawn'), at(99 * DAY_MS))).toBe('Withdrawn');
  });
});

describe('stakeProgress', () => {
  const of = (status: StakeStatus, rewardForfeited = false) => ({ ...stake(status), rewardForfeited });

  it('counts the days left of a running stake', () => {
    expect(stakeProgress(of('active'), at(12 * DAY_MS))).toEqual({ kind: 'running', unit: 'day', left: 18, total: 30, percent: 40 });
  });

  it('says ended, not 0 days left, once the period is over, whatever the status and the clock', () => {
    expect(stakeProgress(of('active'), at(30 * DAY_MS))).toEqual({ kind: 'ended' });
    expect(stakeProgress(of('completed'), at(31 * DAY_MS))).toEqual({ kind: 'ended' });
    expect(stakeProgress(of('pending_withdrawal'), at(31 * DAY_MS))).toEqual({ kind: 'ended' });
    expect(stakeProgress(of('pending_withdrawal'), at(99 * DAY_MS))).toEqual({ kind: 'ended' });
  });

  it('says unstaked early while an early withdrawal is open, before and after the period would have ended', () => {
    expect(stakeProgress(of('pending_withdrawal', true), at(12 * DAY_MS))).toEqual({ kind: 'unstakedEarly' });
    expect(stakeProgress(of('pending_withdrawal', true), at(40 * DAY_MS))).toEqual({ kind: 'unstakedEarly' });
  });
});

describe('rewardDue', () => {
  it('is the reward, or nothing once an early unstake forfeited it', () => {
    expect(rewardDue({ rewardAmount: '7', rewardForfeited: false })).toBe('7');
    expect(rewardDue({ rewardAmount: '7', rewardForfeited: true })).toBe('0');
  });
});

describe('restake transaction ids', () => {
  it('builds and recognises restake_{id}', () => {
    expect(restakeTxId(42)).toBe('restake_42');
    expect(isRestakeTxId('restake_42')).toBe(true);
  });

  it('does not take chain signatures, null or undefined for restakes', () => {
    expect(isRestakeTxId('5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW')).toBe(false);
    expect(isRestakeTxId(null)).toBe(false);
    expect(isRestakeTxId(undefined)).toBe(false);
  });

  it('refuses ids that are not positive integers', () => {
    expect(() => restakeTxId(0)).toThrow(RangeError);
    expect(() => restakeTxId(1.5)).toThrow(RangeError);
  });
});
