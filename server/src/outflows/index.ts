// The outflow ledger's front door (DESIGN 15): the deposit follower hands it each transaction of
// an account the server pays from, automatic payouts ask it what is unexplained, app.ts mounts its routes.
export {
  OUTFLOW_ALERT_GRACE_MS,
  oldestUnexplainedOutflow,
  type OutflowExplainers,
  recordOutflows,
  settleOutflows,
  unexplainedOutflowCount,
} from './outflow-ledger.js';
export { outflowsAdminRoutes } from './outflows.routes.js';
export { outflowOf } from './outflow-amount.js';
export { outflowRecorded, recordedOutflowsAfter } from './recorded-outflows.js';
