import type { Sequelize, Transaction } from 'sequelize';
import type { Dependencies } from '../dependencies.js';
import type { AdminMe, SessionTokenResponse } from '@stakedesk/shared/api-types';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import type { PasswordChangeInput } from '@stakedesk/shared/schemas';
import { recordAudit, recordSignInAudit } from '../audit/index.js';
import { announceSecurityChanges } from '../alerts/index.js';
import { unauthorized } from '../errors.js';
import { changeAdmin, factorsOf, findAdmin, honours, lockAdmin, signAdminToken, type Admin } from '../access/index.js';
import { toAdminJson } from './admins.service.js';
import type { StepUp } from '../http/step-up-contract.js';
import { adminRevocations } from '../auth/index.js';
import type { SignedInAdmin } from '../http/signed-in-admin.js';

/** The acting admin's row, locked, while this session is still honoured. */
export async function lockSelf(db: Sequelize, transaction: Transaction, actor: SignedInAdmin): Promise<Admin> {
  const admin = await lockAdmin(db, actor.id, transaction);
  if (!admin || !honours(admin, actor.session)) throw unauthorized(msg('sessionExpired'));
  return admin;
}

export async function me(deps: Dependencies, actor: SignedInAdmin): Promise<AdminMe> {
  const admin = await findAdmin(deps.database, actor.id);
  if (!admin) throw unauthorized(msg('sessionExpired'));
  const factors = await factorsOf(deps.database, admin);
  return { ...toAdminJson(admin), passkeyCount: factors.passkeys, passkeyRequired: factors.passkeyOnly };
}

/**
 * POST /api/admin/me/password: 204, and every other session of this admin ends. The
 * session it was made from is kept (its id is recorded as the one that outlives the new token
 * version), because the answer is 204: it carries no new token, and signing in again right away
 * would need a second TOTP code of a later time step, up to 30 s of waiting. Whoever made the
 * change proved the current password in the same request, so keeping that one session gives
 * nobody anything the change did not already need.
 */
export async function changeOwnPassword(
  deps: Dependencies,
  actor: SignedInAdmin,
  input: PasswordChangeInput,
  stepUp: StepUp,
): Promise<void> {
  const confirm = await stepUp();
  const passwordHash = await deps.passwords.hash(input.newPassword);
  await deps.database.transaction(async (transaction) => {
    const admin = await lockSelf(deps.database, transaction, actor);
    await confirm(transaction);
    const before = toAdminJson(admin);
    await changeAdmin(admin, { passwordHash, tokenVersion: admin.tokenVersion + 1, keptSessionId: actor.session.sessionId }, transaction);
    await recordAudit(deps.database, transaction, actor, {
      action: 'admin.password_change',
      entityType: 'admin',
      entityId: admin.id,
      before,
      after: toAdminJson(admin),
    });
    await announceSecurityChanges(deps.database, transaction, actor, ['admin.password']);
  });
}

/** POST /api/admin/me/sign-out-everywhere: every token of this admin ends, the one used too; a new one is answered. */
export async function signOutEverywhere(deps: Dependencies, actor: SignedInAdmin): Promise<SessionTokenResponse> {
  return deps.database.transaction(async (transaction) => {
    const admin = await lockSelf(deps.database, transaction, actor);
    await changeAdmin(admin, { tokenVersion: admin.tokenVersion + 1, keptSessionId: null }, transaction);
    await recordAudit(deps.database, transaction, actor, { action: 'admin.sign_out_everywhere', entityType: 'admin', entityId: admin.id });
    // A session that could only set up two-factor stays one.
    return signAdminToken(admin, deps.secrets.jwtSecret, { setupOnly: actor.session.setupOnly });
  });
}

/**
 * POST /api/admin/me/logout: this token answers 401 from now on, on every instance; the admin's
 * other sessions go on.
 */
export async function logout(deps: Dependencies, actor: SignedInAdmin): Promise<void> {
  await adminRevocations.revoke(deps.database, actor.session.sessionId, new Date(actor.session.expiresAt));
  await recordSignInAudit(deps.database, actor, { action: 'admin.logout', entityId: actor.id });
}
