/** Four eyes on large withdrawals (DESIGN 17): which ones wait for a second admin's approval. */

import { compareDecimal } from './decimal.js';

/** At or above the threshold (whole tokens; '' for none): no payout, manual or automatic, until an admin approves it. */
export const needsApproval = (finalAmount: string, threshold: string): boolean =>
  threshold !== '' && compareDecimal(finalAmount, threshold) >= 0;

/**
 * Raising the threshold or removing it lets larger withdrawals be paid by one admin: a change that
 * needs a step-up, as any that weakens a protection. Lowering it or setting one where none was is not.
 */
export function approvalThresholdWeakened(stored: string, next: string): boolean {
  if (stored === '' || stored === next) return false;
  return next === '' || compareDecimal(next, stored) > 0;
}
