import type { PayoutRecipient } from '@stakedesk/shared/api-types';
import { compareDecimal, sumDecimals } from '@stakedesk/shared/decimal';

/** What a payout (or one of its withdrawals) moves: what the holders receive, what leaves the payer, and the difference. */
export type PayoutFigures = { received: string; sent: string; fee: string; withFee: boolean };

/**
 * A token with a transfer fee withholds a share of each transfer on the way, so the server sends
 * each holder more than they are owed (the fee grossed up, DESIGN 12): the review shows both
 * figures, which the server built, never one worked out here from the fee's rate.
 */
export function payoutFigures(recipients: readonly PayoutRecipient[]): PayoutFigures {
  const received = sumDecimals(recipients.map((recipient) => recipient.amount));
  const sent = sumDecimals(recipients.map((recipient) => recipient.sent ?? recipient.amount));
  const fee = sumDecimals([sent, `-${received}`]);
  return { received, sent, fee, withFee: compareDecimal(fee, '0') > 0 };
}
