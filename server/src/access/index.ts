// The access module's front door: what the rest of the server uses of it (ARCHITECTURE.md).
export { honours, requireAdmin, signAdminToken } from './admin-auth.js';
export { adminsTable, type Admin } from './admin.model.js';
export {
  addAdmin,
  adminsPage,
  changeAdmin,
  countAdmins,
  deleteAdminRow,
  findAdmin,
  lockAdmin,
  lockEveryAdmin,
  type AdminChanges,
} from './admin-rows.js';
export { forgetOldFailures } from './login-throttle.js';
export { ownerCount, roleOfAdmin } from './owners.js';
export { answerOptions, registrationOptions, verifyNewPasskey } from './passkey-ceremonies.js';
export { forgetExpiredChallenges } from './passkey-challenges.js';
export { lockedOwnersWithoutPasskey, refuseOwnerLeftWithoutPasskey, refuseOwnerWithoutPasskey } from './passkey-rules.js';
export { deletePasskey, listPasskeys, passkeyCount, renamePasskey, storePasskey } from './passkey-store.js';
export { relyingPartyOf, type RelyingParty } from './relying-party.js';
export { PasswordWorker } from './passwords.js';
export { dropRecoveryCodes, issueRecoveryCodes } from './recovery-codes.js';
export { factorsOf } from './factors.js';
export { stepUpFor } from './step-up.js';
export { acceptedStep, newTotpSecret, otpauthUrl } from './totp.js';
