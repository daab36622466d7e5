// The accounts module's front door: what the rest of the server uses of it (ARCHITECTURE.md).
export { bootstrapFirstAdmin, type BootstrapResult } from './bootstrap.js';
export { adminRemovalApplier, roleChangeApplier } from './admins.service.js';
