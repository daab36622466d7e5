import { ApiError } from '../../lib/api-client.js';
import type { Translate } from '../../i18n/create-i18n.js';
import type { AdminMessageKey } from '../../i18n/admin-en.js';

/** Why POST /api/admin/login said no, as the login form acts on it. */
export type LoginRefusal =
  /** Two-factor is on: ask for the code (`message` says what was wrong with one that was sent). */
  | { kind: 'codeRequired'; message: string }
  /** The per-account throttle: try again after `retryAfter` seconds. */
  | { kind: 'throttled'; retryAfter: number }
  /** The per-IP limit, with the server's message. */
  | { kind: 'rateLimited'; message: string }
  /** Wrong username or password, or anything else: one message that tells an attacker nothing. */
  | { kind: 'failed' };

export function loginRefusal(error: unknown): LoginRefusal {
  if (!(error instanceof ApiError)) return { kind: 'failed' };
  const body = (error.body ?? {}) as { twoFactorRequired?: unknown; retryAfter?: unknown };
  if (error.status === 401 && body.twoFactorRequired === true) return { kind: 'codeRequired', message: error.message };
  if (error.status === 429) {
    const retryAfter = body.retryAfter;
    return typeof retryAfter === 'number' && Number.isFinite(retryAfter) && retryAfter > 0
      ? { kind: 'throttled', retryAfter: Math.ceil(retryAfter) }
      : { kind: 'rateLimited', message: error.message };
  }
  return { kind: 'failed' };
}

/** When to try again, in the reader's language: the words of shared accountThrottledMessage. */
export function throttledText(t: Translate<AdminMessageKey>, retryAfterSeconds: number): string {
  if (retryAfterSeconds < 60) return t('login.throttledSeconds', { seconds: retryAfterSeconds });
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return minutes === 1 ? t('login.throttledMinute') : t('login.throttledMinutes', { minutes });
}
