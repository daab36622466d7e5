// Automatic payouts (DESIGN 13), seen from the rest of the server: the round the job queue runs,
// the panel's status route, and each withdrawal's hold for the withdrawal lists.
export { autoPayoutRound, type AutoPayoutDeps } from './auto-payout-round.js';
export { autoPayoutAdminRoutes } from './auto-payout.routes.js';
export { autoPayoutHolds } from '../withdrawals/index.js';
