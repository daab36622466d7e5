import { describe, expect, it } from 'vitest';
import type { WithdrawalPayout } from '@stakedesk/shared/api-types';
import { isHeld, payoutStanding } from './payout-standing.js';

const payout = (fields: Partial<WithdrawalPayout>): WithdrawalPayout => ({
  id: 1,
  status: 'prepared',
  signature: null,
  outcome: null,
  reason: null,
  failureReason: null,
  holds: true,
  ...fields,
});

describe("a pending withdrawal's payout standing", () => {
  it('is open while prepared or sent, and holds the withdrawal', () => {
    expect(payoutStanding(payout({ status: 'prepared' }))).toBe('prepared');
    expect(payoutStanding(payout({ status: 'sent', signature: 'sig' }))).toBe('sent');
    expect(isHeld(payout({ status: 'sent' }))).toBe(true);
  });

  it('is under review while an owner has not resolved it, released once one did', () => {
    const review = payout({ status: 'needs_review', outcome: 'review', reason: { code: 'payoutWithdrawalNotPending' } });
    expect(payoutStanding(review)).toBe('review');
    expect(isHeld(review)).toBe(true);
    expect(payoutStanding({ ...review, holds: false })).toBe('released');
    expect(isHeld({ ...review, holds: false })).toBe(false);
  });

  it('says how a payout that freed it ended, and nothing for none', () => {
    expect(payoutStanding(payout({ status: 'failed', outcome: 'freed', holds: false }))).toBe('failed');
    expect(payoutStanding(payout({ status: 'expired', outcome: 'freed', holds: false }))).toBe('expired');
    expect(payoutStanding(null)).toBe('none');
    expect(isHeld(null)).toBe(false);
  });
});
