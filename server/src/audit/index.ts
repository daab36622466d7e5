// The audit module's front door: what the rest of the server uses of it (ARCHITECTURE.md).
export { auditLogsTable } from './audit-log.model.js';
export { POLICY_ACTOR, recordAudit, recordSignInAudit, SYSTEM_ACTOR, type Actor, type AnyActor } from './audit.js';
