import type { OutflowExplainers } from './outflows/index.js';
import { payoutThatSent } from './payouts/index.js';
import { withdrawalsPaidBy } from './withdrawals/index.js';

/**
 * How the books explain tokens leaving the treasury, put together for the deposit follower's outflow
 * ledger: outflows/ cannot ask payouts/ or withdrawals/ itself, as both import stakes, whose follower
 * records outflows.
 */
export const outflowExplainers: OutflowExplainers = { payoutThatSent, withdrawalsPaidBy };
