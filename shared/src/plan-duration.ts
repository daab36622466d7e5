/**
 * How long a plan runs: whole days (`durationDays`, the one unit outside demo mode) or, in demo mode
 * only, minutes (`durationMinutes`, with `durationDays` 0), so the whole cycle from stake to payout can
 * be tried in a few minutes (DESIGN 16). Every date a duration makes is worked out here.
 */

import { DAY_MS } from './constants.js';

export const MINUTE_MS = 60_000;
/** A demo plan runs an hour at most: longer is what days are for. */
export const MAX_DURATION_MINUTES = 60;

/** A plan's or a stake's terms of time; `durationMinutes` absent (or null) outside demo mode. */
export type PlanDuration = { durationDays: number; durationMinutes?: number | null };

/** Whether the duration is counted in minutes (a demo plan). */
export const inMinutes = (plan: PlanDuration): boolean => (plan.durationMinutes ?? 0) > 0;

export function durationMs(plan: PlanDuration): number {
  return inMinutes(plan) ? plan.durationMinutes! * MINUTE_MS : plan.durationDays * DAY_MS;
}

/** The duration in its own unit: { count: 2, unit: 'minute' } or { count: 30, unit: 'day' }. */
export function durationParts(plan: PlanDuration): { count: number; unit: 'day' | 'minute' } {
  return inMinutes(plan) ? { count: plan.durationMinutes!, unit: 'minute' } : { count: plan.durationDays, unit: 'day' };
}
