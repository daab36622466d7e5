/** Treasury coverage (issue 8): how much of what the platform owes the staking wallet can pay. */

import { compareDecimal, formatScaled, parseDecimal } from './decimal.js';

/** How far ahead the coverage card looks for what falls due. */
export const DUE_SOON_DAYS = [7, 30] as const;

/**
 * balance / liabilities as a percentage, rounded down to 2 decimals ("99.99" never reads as 100);
 * null when nothing is owed (any balance covers it).
 */
export function coveragePercent(balance: string, liabilities: string): string | null {
  const owed = parseDecimal(liabilities);
  const held = parseDecimal(balance);
  if (owed.units <= 0n) return null;
  // (held / 10^hs) / (owed / 10^os) * 100, at scale 2: held * 10^os * 10^4 / (owed * 10^hs)
  const numerator = held.units * 10n ** BigInt(owed.scale) * 10_000n;
  const denominator = owed.units * 10n ** BigInt(held.scale);
  return formatScaled({ units: numerator / denominator, scale: 2 });
}

/** Above this a coverage percentage says nothing more than "far more than enough". */
const COVERAGE_SHOWN_UP_TO = '999';

/** The coverage to show: the percentage itself, or 999 `beyond` it (read ">999%") when the wallets hold many times what is owed. */
export function shownCoverage(percent: string): { percent: string; beyond: boolean } {
  return compareDecimal(percent, COVERAGE_SHOWN_UP_TO) > 0 ? { percent: COVERAGE_SHOWN_UP_TO, beyond: true } : { percent, beyond: false };
}

/** The staking wallet holds at least what is owed. */
export function isCovered(balance: string, liabilities: string): boolean {
  return compareDecimal(balance, liabilities) >= 0;
}

/**
 * How many days `balance` lasts when it pays what `paid` paid over `days` days, rounded down to
 * a tenth; null when nothing was paid (it lasts as long as nobody asks).
 */
export function daysLeft(balance: string, paid: string, days: number): number | null {
  const spent = parseDecimal(paid);
  if (spent.units <= 0n) return null;
  const held = parseDecimal(balance);
  // (held / 10^hs) / ((spent / 10^ss) / days), in tenths
  const tenths = (held.units * 10n ** BigInt(spent.scale) * BigInt(days) * 10n) / (spent.units * 10n ** BigInt(held.scale));
  return Number(tenths) / 10;
}
