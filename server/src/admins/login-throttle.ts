import { QueryTypes, type Sequelize } from 'sequelize';
import { accountThrottled } from '@stakedesk/shared/messages';
import { recordSignInAudit } from '../audit/audit.js';
import { AppError } from '../http/errors.js';

/** Failed sign-ins in a row before the username is slowed down (see SECURITY.md). */
const FAILURES_BEFORE_THROTTLE = 5;
const FIRST_LOCK_SECONDS = 60;
const MAX_LOCK_SECONDS = 15 * 60;
/** A record untouched this long is forgotten (unknown usernames would otherwise pile up). */
const FORGET_AFTER = '1 day';

/** The throttle's key: usernames are unique regardless of case, so are their failure counts. */
export function throttleKey(username: string): string {
  return username.toLowerCase();
}

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
export async function takeAttempt(sequelize: Sequelize, key: string): Promise<Attempt> {
  const [row] = await sequelize.query<{ failures: number; locked: boolean }>(
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
  if (!row) throw throttled(await secondsLeft(sequelize, key));
  const lockSeconds = Math.min(FIRST_LOCK_SECONDS * 2 ** (row.failures - FAILURES_BEFORE_THROTTLE), MAX_LOCK_SECONDS);
  return { locks: row.locked, lockSeconds };
}

async function secondsLeft(sequelize: Sequelize, key: string): Promise<number> {
  const [row] = await sequelize.query<{ ms: number }>(
    `SELECT greatest(extract(epoch FROM locked_until - now()) * 1000, 0)::float8 AS ms FROM admin_login_failures WHERE username_key = :key`,
    { replacements: { key }, type: QueryTypes.SELECT },
  );
  return Math.max(1, Math.ceil((row?.ms ?? 0) / 1000));
}

/**
 * Undoes this attempt's own count when it was not a failure after all (the right password, the
 * code still to come). It never clears failures counted before, so the right password sent
 * without a code cannot be used to reset the count between guesses at the code.
 */
export async function takeBack(sequelize: Sequelize, key: string): Promise<void> {
  await sequelize.query(
    `UPDATE admin_login_failures SET failures = greatest(failures - 1, 0), locked_until = NULL WHERE username_key = :key`,
    { replacements: { key } },
  );
}

export async function clearFailures(sequelize: Sequelize, key: string): Promise<void> {
  await sequelize.query('DELETE FROM admin_login_failures WHERE username_key = :key', { replacements: { key } });
}

export async function forgetOldFailures(sequelize: Sequelize): Promise<void> {
  await sequelize.query(
    `DELETE FROM admin_login_failures WHERE last_failed_at < now() - interval '${FORGET_AFTER}' AND (locked_until IS NULL OR locked_until < now())`,
  );
}

/**
 * Audits a refused proof of identity (a sign-in, or a step-up's password or code), and the
 * lockout when this attempt started one. Never the password or the code.
 */
export async function auditFailure(
  who: { id: number | null; username: string },
  attempt: Attempt,
  action: 'admin.login_failed' | 'admin.step_up_failed',
  reason: 'unknown username' | 'password' | 'code',
): Promise<void> {
  await recordSignInAudit(who, { action, entityId: who.id, after: { reason } });
  if (attempt.locks)
    await recordSignInAudit(who, { action: 'admin.login_locked', entityId: who.id, after: { retryAfter: attempt.lockSeconds } });
}
