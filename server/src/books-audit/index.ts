// The books against the chain (DESIGN 19): app.ts mounts its routes, background-work.ts runs its
// daily round, main.ts asks at start-up whether the database was restored, and the payout paths ask
// what it holds back.
export { booksAuditAdminRoutes } from './books-audit.routes.js';
export { auditIfRestored, booksAuditRound } from './audit-schedule.js';
export { lastAuditDifferenceCounts, lastAuditFinishedAge } from './books-audit.service.js';
export { restorePending } from './restore-detection.js';
export {
  AUDIT_FINDING_OF_W,
  heldPayoutBounds,
  recordHeldPayout,
  refuseFoundPaidOnChain,
  refuseWhileRestoreUnaudited,
} from './payout-holds.js';
export type { AuditedBooks, AuditWorld } from './audit-books.js';
