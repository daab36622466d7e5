// The totals module's front door: what the rest of the server uses of it (ARCHITECTURE.md).
export { compactTotals, stakePlansMatching, stakeTotals, withdrawalTotals } from './totals.service.js';
