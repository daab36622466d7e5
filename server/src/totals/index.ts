// The totals module's front door: what the rest of the server uses of it (ARCHITECTURE.md).
export {
  compactTotals,
  PENDING_WITHDRAWALS_SUBQUERY,
  STAKED_AMOUNT_SUBQUERY,
  stakePlansMatching,
  stakeTotals,
  withdrawalTotals,
} from './totals.service.js';
