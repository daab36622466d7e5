import type { LoginResponse } from '@stakedesk/shared/api-types';
import { msg, type CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import type { PasskeyResponseJson } from '@stakedesk/shared/passkeys';
import type { AdminLoginInput, AdminPasskeyLoginInput } from '@stakedesk/shared/schemas';
import { recordSignInAudit } from '../audit/index.js';
import { AppError, unauthorized } from '../errors.js';
import type { Dependencies } from '../dependencies.js';
import { signAdminToken } from './admin-auth.js';
import { adminsTable, type Admin } from './admin.model.js';
import { sequelizeWhereLower } from './admin-lookup.js';
import { auditFailure, clearFailures, lockRunning, takeAttempt, takeBack, throttled, throttleKeys, tryAttempt } from './login-throttle.js';
import { factorsOf, hasSecondFactor, type Factors } from './factors.js';
import { answerOptions, spendPasskeyAnswer } from './passkey-ceremonies.js';
import { isRecoveryCode, unusedRecoveryCodes } from './recovery-codes.js';
import type { RelyingParty } from './relying-party.js';
import { spendSecondFactor, type SecondFactor } from './second-factor.js';
import { loadSettings } from '../settings/index.js';

type Method = 'password' | SecondFactor | 'passkey';

/**
 * POST /api/admin/login: the password, then the second factor when the admin has one, each
 * throttled (access/login-throttle.ts) and every success, failure and lockout audited. A code is
 * asked for only once the password is right; so are passkey options (answered at /login/passkey).
 * `client` is the request's clientAddress.
 */
export async function login(deps: Dependencies, rp: RelyingParty, input: AdminLoginInput, client: string): Promise<LoginResponse> {
  const admin = await adminsTable(deps.database).findOne({ where: sequelizeWhereLower('username', input.username) });
  const factors = admin && (await factorsOf(deps.database, admin));
  if (admin && factors && hasSecondFactor(factors)) {
    return signIn(deps, admin, factors, await proveWithTwoFactor(deps, rp, admin, factors, input));
  }
  return signIn(deps, await proveWithPassword(deps, admin, input, client), factors, 'password');
}

/**
 * POST /api/admin/login/passkey: the password again, and a passkey's answer to the options the
 * login answered, throttled and audited as a code is. An answer made on another origin (a
 * phishing proxy's page) is refused and says so.
 */
export async function loginWithPasskey(
  deps: Dependencies,
  rp: RelyingParty,
  input: AdminPasskeyLoginInput,
  client: string,
): Promise<LoginResponse> {
  const admin = await adminsTable(deps.database).findOne({ where: sequelizeWhereLower('username', input.username) });
  const factors = admin && (await factorsOf(deps.database, admin));
  if (!admin || !factors || !hasSecondFactor(factors)) {
    // Throttled as a password alone is: this route is no way around the login's throttle.
    await proveWithPassword(deps, admin, input, client);
    throw unauthorized(msg('passkeyRefused'));
  }
  const passwordKey = throttleKeys.account(admin.username);
  const attempt = await tryAttempt(deps.database, passwordKey);
  const matches = await deps.passwords.matches(input.password, admin.passwordHash);
  if ('retryAfter' in attempt) {
    // As with a code: the right password with a good passkey gets through the pause.
    if (!matches || 'refused' in (await spendAnswer(deps, rp, admin, input.response))) {
      throw await throttledWithOptions(deps, rp, admin, attempt.retryAfter);
    }
    await clearFailures(deps.database, passwordKey);
    return signIn(deps, admin, factors, 'passkey');
  }
  if (!matches) {
    await auditFailure(deps.database, admin, attempt, 'admin.login_failed', 'password');
    throw unauthorized(msg('invalidCredentials'));
  }
  await takeBack(deps.database, passwordKey);
  const answer = await spendAnswer(deps, rp, admin, input.response);
  if ('refused' in answer) throw await secondFactorRequired(deps, rp, admin, factors, answer.refused);
  return signIn(deps, admin, factors, 'passkey');
}

/**
 * Without two-factor the password is the whole key, and a lock on the username alone would let
 * anyone who knows it keep the owner out. So failures count per username and client together:
 * 5 wrong passwords from one client slow that client down, not the owner elsewhere. Unknown
 * usernames are throttled alike, so the answers tell nobody which exist.
 */
async function proveWithPassword(
  deps: Dependencies,
  admin: Admin | null,
  input: Pick<AdminLoginInput, 'username' | 'password'>,
  client: string,
): Promise<Admin> {
  const key = throttleKeys.client(input.username, client);
  const attempt = await takeAttempt(deps.database, key);
  const matches = await deps.passwords.matches(input.password, admin?.passwordHash ?? (await deps.passwords.timingEqualiser()));
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
 * and learns nothing. Only the right password with a valid code (or passkey, at /login/passkey)
 * gets through it, so the owner is never locked out by someone who merely knows the username.
 * Wrong codes sent with the right password count apart (throttleKeys.code): 5 pause TOTP codes for
 * this admin, wherever they come from; a recovery code (about 52 random bits, never guessed at any
 * rate) is still checked then. An owner held to passkeys (settings.requirePasskeysForOwners) has
 * no code accepted at all.
 */
async function proveWithTwoFactor(
  deps: Dependencies,
  rp: RelyingParty,
  admin: Admin,
  factors: Factors,
  input: AdminLoginInput,
): Promise<Method> {
  const { database: db } = deps;
  const codeKey = throttleKeys.code(admin.username);
  const codesPaused = await lockRunning(db, codeKey);
  if (codesPaused !== null && !(input.code && isRecoveryCode(input.code)) && !factors.passkeyOnly) throw throttled(codesPaused);

  const passwordKey = throttleKeys.account(admin.username);
  const attempt = await tryAttempt(db, passwordKey);
  const matches = await deps.passwords.matches(input.password, admin.passwordHash);
  const code = factors.passkeyOnly ? undefined : input.code;
  if ('retryAfter' in attempt) {
    const spent = matches && code ? await spendCode(deps, admin, code, codeKey) : null;
    if (!spent) throw await throttledWithOptions(deps, rp, admin, attempt.retryAfter);
    await clearFailures(db, passwordKey);
    return spent;
  }
  if (!matches) {
    await auditFailure(deps.database, admin, attempt, 'admin.login_failed', 'password');
    throw unauthorized(msg('invalidCredentials'));
  }
  // The right password is no failure: this attempt's own count is undone, never earlier ones.
  await takeBack(db, passwordKey);
  if (factors.passkeyOnly && input.code) throw await secondFactorRequired(deps, rp, admin, factors, msg('passkeyRequiredForOwners'));
  if (!code) throw await secondFactorRequired(deps, rp, admin, factors);
  const spent = await spendCode(deps, admin, code, codeKey);
  if (!spent) throw await secondFactorRequired(deps, rp, admin, factors, msg('twoFactorCodeWrong'));
  return spent;
}

/**
 * 401 `{twoFactorRequired: true}`: the password was right, a second factor is what is missing (or
 * was wrong: `why`). With passkeyOptions, fresh, when the admin has passkeys, and passkeyRequired
 * when a code will not do.
 */
async function secondFactorRequired(
  deps: Dependencies,
  rp: RelyingParty,
  admin: Admin,
  factors: Factors,
  why?: CodedMessage,
): Promise<AppError> {
  const passkeyOptions = await answerOptions(deps.database, rp, admin.id, 'sign-in');
  const passkeyOnly = factors.passkeyOnly || !factors.totp;
  const asked = passkeyOnly
    ? msg(factors.passkeyOnly ? 'passkeyRequiredForOwners' : 'passkeySignInRequired')
    : passkeyOptions
      ? msg('passkeyOrCodeRequired')
      : msg('twoFactorCodeRequired');
  return unauthorized(why ?? asked, {
    twoFactorRequired: true,
    ...(passkeyOptions && { passkeyOptions }),
    ...(passkeyOnly && { passkeyRequired: true }),
  });
}

/**
 * 429 while the account's sign-ins are paused. It carries passkey options when the admin has
 * passkeys, whatever the password (the answer must not tell whether it was right): the right
 * password with a passkey gets through the pause, as with a code.
 */
async function throttledWithOptions(deps: Dependencies, rp: RelyingParty, admin: Admin, retryAfter: number): Promise<AppError> {
  const refusal = throttled(retryAfter);
  const passkeyOptions = await answerOptions(deps.database, rp, admin.id, 'sign-in');
  return passkeyOptions ? new AppError(429, refusal.coded, undefined, { ...refusal.extra, passkeyOptions }) : refusal;
}

/** Checks a passkey's answer to the sign-in options, counting a wrong one as a wrong code (audited, never locking passkeys out). */
async function spendAnswer(deps: Dependencies, rp: RelyingParty, admin: Admin, response: PasskeyResponseJson) {
  const codeKey = throttleKeys.code(admin.username);
  const attempt = await tryAttempt(deps.database, codeKey);
  const answer = await spendPasskeyAnswer(deps.database, rp, admin.id, 'sign-in', response);
  if ('refused' in answer) {
    await auditFailure(
      deps.database,
      admin,
      'retryAfter' in attempt ? { locks: false, lockSeconds: 0 } : attempt,
      'admin.login_failed',
      'passkey',
    );
  } else {
    await clearFailures(deps.database, codeKey);
  }
  return answer;
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

async function signIn(deps: Dependencies, admin: Admin, factors: Factors | null, method: Method): Promise<LoginResponse> {
  const setupRequired = !(factors && hasSecondFactor(factors)) && (await loadSettings(deps.database)).requireTwoFactor;
  await recordSignInAudit(deps.database, admin, {
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
