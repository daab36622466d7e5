// The admins module's front door: what the rest of the server uses of it (ARCHITECTURE.md).
export { accountContext } from './account-context.js';
export { requireAdmin } from './admin-auth.js';
export { Admin } from './admin.model.js';
export { bootstrapFirstAdmin, type BootstrapResult } from './bootstrap.js';
export { forgetOldFailures } from './login-throttle.js';
export { stepUpFor } from './step-up.js';
