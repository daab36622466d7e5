// The approvals module's front door: what the rest of the server uses of it (ARCHITECTURE.md).
export { changeRequestsTable } from './change-request.model.js';
export { approvalsRequired, applyDueChanges, changeRequestRound, requestChange, scheduledChanges } from './change-requests.service.js';
