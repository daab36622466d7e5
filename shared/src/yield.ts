/**
 * A plan's yield is for its whole period (SPEC: not per year). To compare it with rates quoted per
 * year elsewhere, the holder pages show it annualised too, simple (not compounded): the period's
 * rate times the periods in a year of DAYS_PER_YEAR days, "5% for 30 days" ≈ 60.8% a year.
 */

import { parseDecimal } from './decimal.js';

export const DAYS_PER_YEAR = 365;

/** yieldRate x DAYS_PER_YEAR / durationDays, rounded half up to one decimal, as a decimal string ("60.8"). */
export function simpleAnnualRate(yieldRate: string, durationDays: number): string {
  if (!Number.isSafeInteger(durationDays) || durationDays < 1) throw new RangeError(`Not a duration in days: ${durationDays}`);
  const { units, scale } = parseDecimal(yieldRate);
  if (units < 0n) throw new RangeError(`Negative rate: ${yieldRate}`);
  const numerator = units * BigInt(DAYS_PER_YEAR) * 10n;
  const denominator = BigInt(durationDays) * 10n ** BigInt(scale);
  const tenths = (numerator * 2n + denominator) / (denominator * 2n);
  return `${tenths / 10n}.${tenths % 10n}`;
}
