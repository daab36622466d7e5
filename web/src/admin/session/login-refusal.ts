import { ApiError } from '../../lib/api-client.js';

/** Why POST /api/admin/login said no, as the login form acts on it. */
export type LoginRefusal =
  /** Two-factor is on: ask for the code (`error` says what was wrong with one that was sent). */
  | { kind: 'codeRequired'; error: ApiError }
  /** The per-account throttle: try again after `retryAfter` seconds (the server's message says when, by code). */
  | { kind: 'throttled'; retryAfter: number; error: ApiError }
  /** The per-IP limit, with the server's message. */
  | { kind: 'rateLimited'; error: ApiError }
  /** Wrong username or password, or anything else: one message that tells an attacker nothing. */
  | { kind: 'failed' };

export function loginRefusal(error: unknown): LoginRefusal {
  if (!(error instanceof ApiError)) return { kind: 'failed' };
  const body = (error.body ?? {}) as { twoFactorRequired?: unknown; retryAfter?: unknown };
  if (error.status === 401 && body.twoFactorRequired === true) return { kind: 'codeRequired', error };
  if (error.status === 429) {
    const retryAfter = body.retryAfter;
    return typeof retryAfter === 'number' && Number.isFinite(retryAfter) && retryAfter > 0
      ? { kind: 'throttled', retryAfter: Math.ceil(retryAfter), error }
      : { kind: 'rateLimited', error };
  }
  return { kind: 'failed' };
}
