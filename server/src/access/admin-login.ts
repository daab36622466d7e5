import type { LoginResponse } from '@stakedesk/shared/api-types';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import type { AdminLoginInput } from '@stakedesk/shared/schemas';
import { recordSignInAudit } from '../audit/index.js';
import { unauthorized } from '../errors.js';
import type { Dependencies } from '../dependencies.js';
import { signAdminToken } from './admin-auth.js';
import { Admin } from './admin.model.js';
import { sequelizeWhereLower } from './admin-lookup.js';
import { auditFailure, clearFailures, lockRunning, takeAttempt, takeBack, throttled, throttleKeys, tryAttempt } from './login-throttle.js';
import { isRecoveryCode, unusedRecoveryCodes } from './recovery-codes.js';
import { spendSecondFactor, type SecondFactor } from './second-factor.js';
import { hashPassword, passwordMatches } from './passwords.js';
import { loadSettings } from '../settings/index.js';

// Compared against when the username is unknown, so a miss costs as long as a wrong password.
// Made at start-up (on the password worker), and again at the next sign-in if that failed.
let dummyHash: Promise<string> | undefined;
const timingEqualiser = (): Promise<string> =>
  (dummyHash ??= hashPassword('stakedesk-timing-equaliser').catch((error: unknown) => {
    dummyHash = undefined;
    throw error;
  }));
void timingEqualiser().catch(() => undefined);

type Method = 'password' | SecondFactor;

/**
 * POST /api/admin/login: the password, then the second factor when the admin has it, each
 * throttled (access/login-throttle.ts) and every success, failure and lockout audited. A code is
 * asked for only once the password is right. `client` is the request's clientAddress.
 */
export async function login(deps: Dependencies, input: AdminLoginInput, client: string): Promise<LoginResponse> {
  const admin = await Admin.findOne({ where: sequelizeWhereLower('username', input.username) });
  if (admin?.twoFactorEnabled) return signIn(deps, admin, await proveWithTwoFactor(deps, admin, input));
  return signIn(deps, await proveWithPassword(deps, admin, input, client), 'password');
}

/**
 * Without two-factor the password is the whole key, and a lock on the username alone would let
 * anyone who knows it keep the owner out. So failures count per username and client together:
 * 5 wrong passwords from one client slow that client down, not the owner elsewhere. Unknown
 * usernames are throttled alike, so the answers tell nobody which exist.
 */
async function proveWithPassword(deps: Dependencies, admin: Admin | null, input: AdminLoginInput, client: string): Promise<Admin> {
  const key = throttleKeys.client(input.username, client);
  const attempt = await takeAttempt(deps.database, key);
  const matches = await passwordMatches(input.password, admin?.passwordHash ?? (await timingEqualiser()));
  if (!admin || !matches) {
    await auditFailure(
      deps.database,
      admin ?? { id: null, username: input.username },
      attempt,
      'admin.login_failed',
      admin ? 'password' : 'unknown username',
    );
    throw unauthorized(msg('invalidCredentials'));
  }
  await clearFailures(deps.database, key);
  return admin;
}

/**
 * With two-factor, wrong passwords count per username from anywhere, and while that lock runs
 * every attempt answers the same 429, whatever the password: guessing stays as slow as the lock
 * and learns nothing. Only the right password with a valid code gets through it, so the owner is
 * never locked out by someone who merely knows the username. Wrong codes sent with the right
 * password count apart (throttleKeys.code): 5 pause TOTP codes for this admin, wherever they come
 * from; a recovery code (about 52 random bits, never guessed at any rate) is still checked then.
 */
async function proveWithTwoFactor(deps: Dependencies, admin: Admin, input: AdminLoginInput): Promise<Method> {
  const { database: sequelize } = deps;
  const codeKey = throttleKeys.code(admin.username);
  const codesPaused = await lockRunning(sequelize, codeKey);
  if (codesPaused !== null && !(input.code && isRecoveryCode(input.code))) throw throttled(codesPaused);

  const passwordKey = throttleKeys.account(admin.username);
  const attempt = await tryAttempt(sequelize, passwordKey);
  const matches = await passwordMatches(input.password, admin.passwordHash);
  if ('retryAfter' in attempt) {
    const spent = matches && input.code ? await spendCode(deps, admin, input.code, codeKey) : null;
    if (!spent) throw throttled(attempt.retryAfter);
    await clearFailures(sequelize, passwordKey);
    return spent;
  }
  if (!matches) {
    await auditFailure(deps.database, admin, attempt, 'admin.login_failed', 'password');
    throw unauthorized(msg('invalidCredentials'));
  }
  // The right password is no failure: this attempt's own count is undone, never earlier ones.
  await takeBack(sequelize, passwordKey);
  if (!input.code) throw unauthorized(msg('twoFactorCodeRequired'), { twoFactorRequired: true });
  const spent = await spendCode(deps, admin, input.code, codeKey);
  if (!spent) throw unauthorized(msg('twoFactorCodeWrong'), { twoFactorRequired: true });
  return spent;
}

/** Counts the code as a failure first (a TOTP code is refused with 429 once codes are paused), then spends it; null when wrong. */
async function spendCode(deps: Dependencies, admin: Admin, code: string, codeKey: string): Promise<SecondFactor | null> {
  const attempt = await tryAttempt(deps.database, codeKey);
  if ('retryAfter' in attempt && !isRecoveryCode(code)) throw throttled(attempt.retryAfter);
  const spent = await spendSecondFactor(deps, undefined, admin, code);
  if (!spent) {
    await auditFailure(
      deps.database,
      admin,
      'retryAfter' in attempt ? { locks: false, lockSeconds: 0 } : attempt,
      'admin.login_failed',
      'code',
    );
    return null;
  }
  await clearFailures(deps.database, codeKey);
  return spent;
}

async function signIn(deps: Dependencies, admin: Admin, method: Method): Promise<LoginResponse> {
  const setupRequired = !admin.twoFactorEnabled && (await loadSettings()).requireTwoFactor;
  await recordSignInAudit(admin, {
    action: 'admin.login',
    entityId: admin.id,
    after: {
      method,
      ...(method === 'recovery_code' && { recoveryCodesLeft: await unusedRecoveryCodes(deps.database, undefined, admin.id) }),
      ...(setupRequired && { twoFactorSetupRequired: true }),
    },
  });
  return {
    ...signAdminToken(admin, deps.secrets.jwtSecret, { setupOnly: setupRequired }),
    role: admin.role,
    ...(setupRequired && { twoFactorSetupRequired: true as const }),
  };
}
