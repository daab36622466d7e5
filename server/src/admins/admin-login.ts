import type { LoginResponse } from '@stakedesk/shared/api-types';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import type { AdminLoginInput } from '@stakedesk/shared/schemas';
import { recordSignInAudit } from '../audit/audit.js';
import { unauthorized } from '../http/errors.js';
import { loadSettings } from '../settings/settings.service.js';
import type { AccountContext } from './account-context.js';
import { signAdminToken } from './admin-auth.js';
import { Admin } from './admin.model.js';
import { sequelizeWhereLower } from './admin-lookup.js';
import { auditFailure, clearFailures, takeAttempt, takeBack, throttleKey } from './login-throttle.js';
import { unusedRecoveryCodes } from './recovery-codes.js';
import { spendSecondFactor } from './second-factor.js';
import { hashPassword, passwordMatches } from './passwords.js';

// Compared against when the username is unknown, so a miss costs as long as a wrong password.
// Made at start-up (on the password worker), and again at the next sign-in if that failed.
let dummyHash: Promise<string> | undefined;
const timingEqualiser = (): Promise<string> =>
  (dummyHash ??= hashPassword('stakedesk-timing-equaliser').catch((error: unknown) => {
    dummyHash = undefined;
    throw error;
  }));
void timingEqualiser().catch(() => undefined);

/**
 * POST /api/admin/login: the per-username throttle first (unknown usernames alike, so
 * it tells nobody which exist), then the password, then the second factor when the admin has it.
 * A code is asked for only once the password is right. Every success, failure and lockout is
 * audited.
 */
export async function login(ctx: AccountContext, input: AdminLoginInput): Promise<LoginResponse> {
  const { sequelize } = ctx;
  const key = throttleKey(input.username);
  const attempt = await takeAttempt(sequelize, key);
  const admin = await Admin.findOne({ where: sequelizeWhereLower('username', input.username) });
  const matches = await passwordMatches(input.password, admin?.passwordHash ?? (await timingEqualiser()));
  if (!admin || !matches) {
    await auditFailure(
      admin ?? { id: null, username: input.username },
      attempt,
      'admin.login_failed',
      admin ? 'password' : 'unknown username',
    );
    throw unauthorized(msg('invalidCredentials'));
  }

  let method: 'password' | 'totp' | 'recovery_code' = 'password';
  if (admin.twoFactorEnabled) {
    if (!input.code) {
      // Not a failure: the panel asks for the code now. Only this attempt's own count is undone.
      await takeBack(sequelize, key);
      throw unauthorized(msg('twoFactorCodeRequired'), { twoFactorRequired: true });
    }
    const spent = await spendSecondFactor(ctx, undefined, admin, input.code);
    if (!spent) {
      await auditFailure(admin, attempt, 'admin.login_failed', 'code');
      throw unauthorized(msg('twoFactorCodeWrong'), { twoFactorRequired: true });
    }
    method = spent;
  }
  await clearFailures(sequelize, key);

  const setupRequired = !admin.twoFactorEnabled && (await loadSettings()).requireTwoFactor;
  await recordSignInAudit(admin, {
    action: 'admin.login',
    entityId: admin.id,
    after: {
      method,
      ...(method === 'recovery_code' && { recoveryCodesLeft: await unusedRecoveryCodes(sequelize, undefined, admin.id) }),
      ...(setupRequired && { twoFactorSetupRequired: true }),
    },
  });
  return {
    ...signAdminToken(admin, ctx.jwtSecret, { setupOnly: setupRequired }),
    role: admin.role,
    ...(setupRequired && { twoFactorSetupRequired: true as const }),
  };
}
