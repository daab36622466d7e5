// The access module's front door: what the rest of the server uses of it (ARCHITECTURE.md).
export { honours, requireAdmin, signAdminToken } from './admin-auth.js';
export { Admin } from './admin.model.js';
export { forgetOldFailures } from './login-throttle.js';
export { hashPassword } from './passwords.js';
export { dropRecoveryCodes, issueRecoveryCodes } from './recovery-codes.js';
export { stepUpFor } from './step-up.js';
export { acceptedStep, newTotpSecret, otpauthUrl } from './totp.js';
