// The totals module's front door: what the rest of the server uses of it (ARCHITECTURE.md).
export {
  activeStakedByPlan,
  compactTotals,
  HOLDER_TOTALS_SUBQUERY,
  PLAN_ACTIVE_STAKED_SUBQUERY,
  PENDING_WITHDRAWALS_SUBQUERY,
  STAKED_AMOUNT_SUBQUERY,
  stakePlansMatching,
  stakeTotals,
  withdrawalTotals,
} from './totals.service.js';
