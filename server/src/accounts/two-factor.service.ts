import type { RecoveryCodesResponse, TwoFactorSetupResponse } from '@stakedesk/shared/api-types';
import type { Dependencies } from '../dependencies.js';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import type { TwoFactorEnableInput } from '@stakedesk/shared/schemas';
import { recordAudit } from '../audit/index.js';
import { announceSecurityChanges } from '../alerts/index.js';
import { badRequest, conflict } from '../errors.js';
import {
  changeAdmin,
  signAdminToken,
  dropRecoveryCodes,
  issueRecoveryCodes,
  acceptedStep,
  newTotpSecret,
  otpauthUrl,
} from '../access/index.js';
import { lockSelf } from './account.service.js';
import { toAdminJson } from './admins.service.js';
import type { StepUp } from '../http/step-up-contract.js';
import type { SignedInAdmin } from '../http/signed-in-admin.js';

/**
 * POST /api/admin/me/two-factor/setup: a new secret each call until two-factor is on, kept
 * encrypted as pending; nothing about how the admin signs in changes yet (so it is not audited).
 */
export async function setUpTwoFactor(deps: Dependencies, actor: SignedInAdmin, issuer: string): Promise<TwoFactorSetupResponse> {
  return deps.database.transaction(async (transaction) => {
    const admin = await lockSelf(deps.database, transaction, actor);
    if (admin.twoFactorEnabled) throw conflict(msg('twoFactorAlreadyEnabled'));
    const secret = newTotpSecret();
    await changeAdmin(admin, { twoFactorPendingSecret: deps.secrets.box.seal(admin.id, secret) }, transaction);
    return { secret, otpauthUrl: otpauthUrl(secret, admin.username, issuer) };
  });
}

const wrongCode = () => badRequest(msg('twoFactorCodeWrong'), { code: msg('twoFactorCodeWrong') });

/**
 * POST /api/admin/me/two-factor/enable: a current code from the pending secret turns two-factor on
 * and issues ten recovery codes, all in one transaction (all of it, or nothing). The answer also
 * carries a new, full session token: a session that could only set up two-factor
 * continues with it; any other may keep its own.
 */
export async function enableTwoFactor(
  deps: Dependencies,
  actor: SignedInAdmin,
  input: TwoFactorEnableInput,
): Promise<RecoveryCodesResponse> {
  return deps.database.transaction(async (transaction) => {
    const admin = await lockSelf(deps.database, transaction, actor);
    if (admin.twoFactorEnabled) throw conflict(msg('twoFactorAlreadyEnabled'));
    const pending = admin.twoFactorPendingSecret && deps.secrets.box.open(admin.id, admin.twoFactorPendingSecret);
    if (!pending) throw conflict(msg('twoFactorNoSetup'));
    const step = acceptedStep(pending, input.code, admin.twoFactorLastStep === null ? null : Number(admin.twoFactorLastStep));
    if (step === null) throw wrongCode();
    const before = toAdminJson(admin);
    await changeAdmin(
      admin,
      {
        twoFactorEnabled: true,
        twoFactorSecret: admin.twoFactorPendingSecret,
        twoFactorPendingSecret: null,
        twoFactorLastStep: String(step),
      },
      transaction,
    );
    const recoveryCodes = await issueRecoveryCodes(deps.database, transaction, deps.secrets.box, admin.id);
    await recordAudit(deps.database, transaction, actor, {
      action: 'admin.two_factor_enable',
      entityType: 'admin',
      entityId: admin.id,
      before,
      after: toAdminJson(admin),
    });
    return { recoveryCodes, ...signAdminToken(admin, deps.secrets.jwtSecret) };
  });
}

/** POST /api/admin/me/two-factor/disable: the password and a current code (a step-up), then off, recovery codes gone. */
export async function disableTwoFactor(deps: Dependencies, actor: SignedInAdmin, stepUp: StepUp): Promise<void> {
  if (!actor.twoFactorEnabled) throw conflict(msg('twoFactorNotEnabled'));
  const confirm = await stepUp();
  await deps.database.transaction(async (transaction) => {
    const admin = await lockSelf(deps.database, transaction, actor);
    if (!admin.twoFactorEnabled) throw conflict(msg('twoFactorNotEnabled'));
    await confirm(transaction);
    const before = toAdminJson(admin);
    // The step record belonged to the old secret; a new one starts afresh.
    await changeAdmin(
      admin,
      { twoFactorEnabled: false, twoFactorSecret: null, twoFactorPendingSecret: null, twoFactorLastStep: null },
      transaction,
    );
    await dropRecoveryCodes(deps.database, transaction, admin.id);
    await recordAudit(deps.database, transaction, actor, {
      action: 'admin.two_factor_disable',
      entityType: 'admin',
      entityId: admin.id,
      before,
      after: toAdminJson(admin),
    });
    await announceSecurityChanges(deps.database, transaction, actor, ['twoFactor.disable']);
  });
}
