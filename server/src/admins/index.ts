// The admins module's front door: what the rest of the server uses of it (ARCHITECTURE.md).
export { accountContext, type AccountContext } from './account-context.js';
export { currentAdmin, requireAdmin, type SignedInAdmin } from './admin-auth.js';
export { Admin } from './admin.model.js';
export { bootstrapFirstAdmin, type BootstrapResult } from './bootstrap.js';
export { forgetOldFailures } from './login-throttle.js';
export { requireRole, roleRequired } from './require-role.js';
export { stepUpFor } from './step-up.js';
