import type { AuditedBooks } from './books-audit/index.js';
import { PAID_AFTER_REVIEW_OF_W, PAYOUT_PAYER_OF_W, payoutOfSignatureKnown } from './payouts/index.js';
import { STAKE_DEPOSIT_TIMES_SQL } from './stakes/index.js';
import { COMPLETED_WITHDRAWALS_SQL, withdrawalCompletedBy } from './withdrawals/index.js';

/**
 * What an audit of the books reads of the withdrawals, stakes and payouts, put together for it:
 * books-audit/ cannot ask them itself, as payouts import its holds.
 */
export const auditedBooks: AuditedBooks = {
  completedWithdrawals: COMPLETED_WITHDRAWALS_SQL,
  stakeDepositTimes: STAKE_DEPOSIT_TIMES_SQL,
  payoutPayerOfW: PAYOUT_PAYER_OF_W,
  paidAfterReviewOfW: PAID_AFTER_REVIEW_OF_W,
  withdrawalCompletedBy,
  payoutOfSignatureKnown,
};
