// The auth module's front door: what the rest of the server uses of it (ARCHITECTURE.md).
export { requireHolderSession } from './holder-session.js';
export { adminRevocations, holderRevocations } from './revoked-sessions.js';
export { deleteOldNonces, signInSite } from './sign-in.service.js';
