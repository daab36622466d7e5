// Paying a withdrawal, seen from the rest of the server: its admin routes, the follower the chain
// loop runs, and a withdrawal's latest payouts for the withdrawal lists. Nothing outside this
// folder reaches past this file (a lint wall).
export { payoutsAdminRoutes } from './payouts.routes.js';
export { followPayouts } from './follow.js';
export { latestPayoutsOf } from './store.js';
// The outflow ledger (outflows/) is handed this by the composing files: a payout explains its transaction.
export { payoutThatSent } from './payout-that-sent.js';
// An audit of the books (books-audit/) is handed these by the composing files: what the payouts record.
export { PAID_AFTER_REVIEW_OF_W, PAYOUT_PAYER_OF_W, payoutOfSignatureKnown } from './audited-payouts.js';
// Automatic payouts (auto-payouts/) take the operator's path with the server's own signer.
export { preparePayout } from './prepare.js';
export { postSignedPayout } from './send.js';
export {
  EXPIRED_PAYOUT_OF_W,
  latestExpiredPayoutOf,
  IN_REVIEW_OF_W,
  OPEN_PAYOUT_OF_W,
  paidAutomaticallySince,
  payoutDisagreement,
  payoutInReview,
} from './automatic-payouts.js';
