import type { PasskeyOptionsJson } from '@stakedesk/shared/api-types';
import { ApiError } from '../../lib/api-client.js';

/** Why POST /api/admin/login (or /login/passkey) said no, as the login form acts on it. */
export type LoginRefusal =
  /**
   * Two-factor is on: ask for the code or the passkey (`error` says what was wrong with one that
   * was sent). passkeyOptions when the admin has passkeys; passkeyRequired when a code will not do.
   */
  | { kind: 'codeRequired'; error: ApiError; passkeyOptions?: PasskeyOptionsJson; passkeyRequired: boolean }
  /** The per-account throttle: try again after `retryAfter` seconds, or get through it with a code or passkey. */
  | { kind: 'throttled'; retryAfter: number; error: ApiError; passkeyOptions?: PasskeyOptionsJson }
  /** The per-IP limit, with the server's message. */
  | { kind: 'rateLimited'; error: ApiError }
  /** Wrong username or password, or anything else: one message that tells an attacker nothing. */
  | { kind: 'failed' };

function passkeyOptionsOf(body: { passkeyOptions?: unknown }): PasskeyOptionsJson | undefined {
  const options = body.passkeyOptions;
  return typeof options === 'object' && options !== null && typeof (options as { challenge?: unknown }).challenge === 'string'
    ? (options as PasskeyOptionsJson)
    : undefined;
}

export function loginRefusal(error: unknown): LoginRefusal {
  if (!(error instanceof ApiError)) return { kind: 'failed' };
  const body = (error.body ?? {}) as {
    twoFactorRequired?: unknown;
    retryAfter?: unknown;
    passkeyOptions?: unknown;
    passkeyRequired?: unknown;
  };
  const passkeyOptions = passkeyOptionsOf(body);
  const withOptions = passkeyOptions ? { passkeyOptions } : {};
  if (error.status === 401 && body.twoFactorRequired === true) {
    return { kind: 'codeRequired', error, ...withOptions, passkeyRequired: body.passkeyRequired === true };
  }
  if (error.status === 429) {
    const retryAfter = body.retryAfter;
    return typeof retryAfter === 'number' && Number.isFinite(retryAfter) && retryAfter > 0
      ? { kind: 'throttled', retryAfter: Math.ceil(retryAfter), error, ...withOptions }
      : { kind: 'rateLimited', error };
  }
  return { kind: 'failed' };
}
