// Paying a withdrawal, seen from the rest of the server: its admin routes, the follower the chain
// loop runs, and a withdrawal's latest payouts for the withdrawal lists. Nothing outside this
// folder reaches past this file (a lint wall).
export { payoutsAdminRoutes } from './payouts.routes.js';
export { followPayouts } from './payout-follower.js';
export { latestPayoutsOf } from './payout-records.js';
