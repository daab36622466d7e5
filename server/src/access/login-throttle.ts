import { QueryTypes, type Sequelize } from 'sequelize';
import { accountThrottled } from '@stakedesk/shared/messages';
import { emitAlert } from '../alerts/index.js';
import { recordSignInAudit } from '../audit/index.js';
import { AppError } from '../errors.js';

/** Failed sign-ins in a row before the username is slowed down (see SECURITY.md). */
const FAILURES_BEFORE_THROTTLE = 5;
const FIRST_LOCK_SECONDS = 60;
const MAX_LOCK_SECONDS = 15 * 60;
/** A record untouched this long is forgotten (unknown usernames would otherwise pile up). */
const FORGET_AFTER = '1 day';

/**
 * Whose failures a count is. Usernames are unique regardless of case, so are their counts; each
 * kind of count is kept apart, so that nobody can lock what they cannot guess at.
 */
export const throttleKeys = {
  /** Wrong passwords for an admin with two-factor, from anywhere: the right password with a valid code still gets in. */
  account: (username: string) => `account:${username.toLowerCase()}`,
  /** Wrong passwords from one client (clientAddress) for an admin without two-factor, or for an unknown username. */
  client: (username: string, client: string) => `client:${client} ${username.toLowerCase()}`,
  /** Wrong second-factor codes sent with the right password: only whoever holds the password can add to it. */
  code: (username: string) => `code:${username.toLowerCase()}`,
  /** Wrong passwords or codes in a signed-in admin's step-ups: only whoever holds a session can add to it. */
  stepUp: (username: string) => `step-up:${username.toLowerCase()}`,
};

export function throttled(retryAfterSeconds: number): AppError {
  return new AppError(429, accountThrottled(retryAfterSeconds), undefined, { retryAfter: retryAfterSeconds });
}

export type Attempt = {
  /** This attempt is the one that started a lock (its failure is then audited as a lockout). */
  locks: boolean;
  lockSeconds: number;
};

/**
 * Counts an attempt for `key` as a failure before its credentials are checked, or refuses it with
 * 429 while a lock is running. Counting first makes the limit exact under concurrency: of many
 * attempts sent at once, only those the count allows are checked at all, on any instance. The
 * attempt that makes the count reach 5 starts a lock of 60 s; each further failure once a lock has
 * passed starts one twice as long, at most 15 minutes. A success ends it all (`clearFailures`),
 * and an attempt that turns out not to be a failure takes itself back (`takeBack`).
 */
export async function takeAttempt(db: Sequelize, key: string): Promise<Attempt> {
  const attempt = await tryAttempt(db, key);
  if ('retryAfter' in attempt) throw throttled(attempt.retryAfter);
  return attempt;
}

/** As takeAttempt, but a running lock is answered (its seconds left, nothing counted) rather than thrown. */
export async function tryAttempt(db: Sequelize, key: string): Promise<Attempt | { retryAfter: number }> {
  const [row] = await db.query<{ failures: number; locked: boolean }>(
    `INSERT INTO admin_login_failures AS f (username_key, failures, locked_until, last_failed_at)
       VALUES (:key, 1, NULL, now())
     ON CONFLICT (username_key) DO UPDATE SET
       failures = f.failures + 1,
       locked_until = CASE WHEN f.failures + 1 >= :threshold
         THEN now() + make_interval(secs => least(:first * power(2, f.failures + 1 - :threshold), :max))
         ELSE NULL END,
       last_failed_at = now()
     WHERE f.locked_until IS NULL OR f.locked_until <= now()
     RETURNING failures, locked_until IS NOT NULL AS locked`,
    {
      replacements: { key, threshold: FAILURES_BEFORE_THROTTLE, first: FIRST_LOCK_SECONDS, max: MAX_LOCK_SECONDS },
      type: QueryTypes.SELECT,
    },
  );
  if (!row) return { retryAfter: await secondsLeft(db, key) };
  const lockSeconds = Math.min(FIRST_LOCK_SECONDS * 2 ** (row.failures - FAILURES_BEFORE_THROTTLE), MAX_LOCK_SECONDS);
  return { locks: row.locked, lockSeconds };
}

/** The seconds left of the lock running for `key`, or null when there is none. Counts nothing. */
export async function lockRunning(db: Sequelize, key: string): Promise<number | null> {
  const [row] = await db.query<{ ms: number }>(
    `SELECT (extract(epoch FROM locked_until - now()) * 1000)::float8 AS ms FROM admin_login_failures
     WHERE username_key = :key AND locked_until > now()`,
    { replacements: { key }, type: QueryTypes.SELECT },
  );
  return row ? Math.max(1, Math.ceil(row.ms / 1000)) : null;
}

/** A lock that refused an attempt may end a moment later: it then says 1 second. */
async function secondsLeft(db: Sequelize, key: string): Promise<number> {
  return (await lockRunning(db, key)) ?? 1;
}

/**
 * Undoes this attempt's own count when it was not a failure after all (the right password, the
 * code still to come or counted apart). It never clears failures counted before, so whoever holds
 * the password cannot use it to reset the count between guesses.
 */
export async function takeBack(db: Sequelize, key: string): Promise<void> {
  await db.query(`UPDATE admin_login_failures SET failures = greatest(failures - 1, 0), locked_until = NULL WHERE username_key = :key`, {
    replacements: { key },
  });
}

export async function clearFailures(db: Sequelize, key: string): Promise<void> {
  await db.query('DELETE FROM admin_login_failures WHERE username_key = :key', { replacements: { key } });
}

export async function forgetOldFailures(db: Sequelize): Promise<void> {
  await db.query(
    `DELETE FROM admin_login_failures WHERE last_failed_at < now() - interval '${FORGET_AFTER}' AND (locked_until IS NULL OR locked_until < now())`,
  );
}

/**
 * Audits a refused proof of identity (a sign-in, or a step-up's password or code), and the
 * lockout when this attempt started one. Never the password or the code.
 */
export async function auditFailure(
  db: Sequelize,
  who: { id: number | null; username: string },
  attempt: Attempt,
  action: 'admin.login_failed' | 'admin.step_up_failed',
  reason: 'unknown username' | 'password' | 'code' | 'passkey',
): Promise<void> {
  await recordSignInAudit(db, who, { action, entityId: who.id, after: { reason } });
  if (attempt.locks) {
    await recordSignInAudit(db, who, { action: 'admin.login_locked', entityId: who.id, after: { retryAfter: attempt.lockSeconds } });
    await emitAlert(db, 'login.throttled', { username: who.username });
  }
}
