import type { WithdrawalPayout } from '@stakedesk/shared/api-types';

/**
 * Where a pending withdrawal stands with its latest payout: 'prepared' (waiting for the staking
 * wallet's signature) and 'sent' hold it while they are open; 'review' (landed, did not pay it as
 * owed) holds it until an owner resolves it, 'released' once an owner did; 'failed' and 'expired'
 * freed it. 'none': no payout, or one that paid it.
 */
export type PayoutStanding = 'none' | 'prepared' | 'sent' | 'review' | 'released' | 'failed' | 'expired';

export function payoutStanding(payout: WithdrawalPayout | null): PayoutStanding {
  if (!payout) return 'none';
  if (payout.outcome === 'review') return payout.holds ? 'review' : 'released';
  if (payout.holds) return payout.status === 'prepared' ? 'prepared' : 'sent';
  if (payout.status === 'failed' || payout.status === 'expired') return payout.status;
  return 'none';
}

/** Nothing else may pay, paste or reject a withdrawal its payout holds (the server refuses too). */
export const isHeld = (payout: WithdrawalPayout | null): boolean => payout?.holds === true;
