// Automatic payouts (DESIGN 13), seen from the rest of the server: the round the job queue runs,
// and the panel's status route. (Each withdrawal's hold for the lists is the withdrawals module's.)
export { autoPayoutRound, type AutoPayoutDeps } from './auto-payout-round.js';
export { autoPayoutAdminRoutes } from './auto-payout.routes.js';
