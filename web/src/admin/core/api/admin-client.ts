import { codedMessageOf } from '../../../i18n/server-messages.js';
import { ApiError, apiResponse, type ApiInit } from '../../../lib/api-client.js';
import { sendWithStepUp, type StepUpAsk, type StepUpChange } from './step-up.js';
import { ownServerUrl } from './own-server.js';

/**
 * An admin list page: its rows, X-Total-Count (`estimated` when X-Total-Count-Estimated says it
 * is the server's estimate), and X-Next-Cursor (absent on the last page).
 */
export type Page<T> = { rows: T[]; total: number; estimated?: boolean; nextCursor?: string };
export type ListParams = Record<string, string | number | undefined>;

export type CallOptions = {
  /**
   * false: a 403 asking for a step-up is the caller's to show (its form already asks for the
   * password, as the two-factor and password forms do). Default: the step-up dialog asks.
   */
  stepUp?: boolean;
  /** What the change replaces, shown in the step-up dialog if one is asked for. */
  stepUpChanges?: StepUpChange[];
  /** false: a 401 is the caller's to handle instead of ending the session (checking the token still works). */
  endSessionOn401?: boolean;
};

export type AdminClient = {
  get<T>(path: string, options?: CallOptions): Promise<T>;
  /** An admin list page: the rows and X-Total-Count. */
  page<T>(path: string, params?: ListParams): Promise<Page<T>>;
  send<T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown, options?: CallOptions): Promise<T>;
  text(path: string, params?: ListParams): Promise<string>;
  /** The raw streaming response (the admin event stream). */
  stream(path: string, signal: AbortSignal): Promise<Response>;
};

export type AdminClientHooks = {
  /** The token is no longer good (401): end the session, saying why. */
  onUnauthorized(error: ApiError): void;
  /** The token works only for enrolling two-factor (settings.requireTwoFactor, not yet enrolled). */
  onTwoFactorSetupRequired(): void;
  /** A change needs the current password (and a code): ask the admin. */
  stepUp: StepUpAsk;
};

export function withQuery(path: string, params: ListParams = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') query.set(key, String(value));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** 403 for a token that may only enrol two-factor: the flag, or failing it the code, says so. */
export function isTwoFactorSetupRefusal(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 403) return false;
  const body = error.body as { twoFactorSetupRequired?: unknown } | undefined;
  return body?.twoFactorSetupRequired === true || codedMessageOf(error)?.code === 'twoFactorSetupRequired';
}

/**
 * The admin API with the bearer token (never a cookie: the desktop app calls across origins), to
 * the panel's own server only: a path that resolves to another origin is refused, unsent.
 * A 401 ends the session; a step-up request is asked for and retried here, for every caller.
 */
export function createAdminClient(serverUrl: string, token: string, hooks: AdminClientHooks): AdminClient {
  const headers = { authorization: `Bearer ${token}` };
  async function call<T>(path: string, init: ApiInit = {}, options: CallOptions = {}) {
    try {
      return await apiResponse<T>(ownServerUrl(serverUrl, path), { ...init, headers, credentials: 'same-origin' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401 && options.endSessionOn401 !== false) hooks.onUnauthorized(error);
      if (isTwoFactorSetupRefusal(error)) hooks.onTwoFactorSetupRequired();
      throw error;
    }
  }
  return {
    get: async (path, options) => (await call(path, {}, options)).body as never,
    async page<T>(path: string, params?: ListParams) {
      const { body, headers: answered } = await call<T[]>(withQuery(path, params));
      const nextCursor = answered.get('x-next-cursor') ?? undefined;
      const estimated = answered.get('x-total-count-estimated') === 'true';
      return { rows: body, total: Number(answered.get('x-total-count') ?? body.length), estimated, nextCursor };
    },
    async send<T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown, options: CallOptions = {}) {
      const once = async (sent: unknown) => (await call<T>(path, { method, body: sent }, options)).body;
      return options.stepUp === false ? once(body) : sendWithStepUp(once, body, hooks.stepUp, options.stepUpChanges);
    },
    text: async (path, params) => (await call<string>(withQuery(path, params), { responseType: 'text' })).body,
    stream: async (path, signal) => fetch(ownServerUrl(serverUrl, path), { headers, signal, credentials: 'same-origin' }),
  };
}

/** POST /api/admin/login needs no token; `code` only once the server asked for it. */
export function loginRequest<T>(serverUrl: string, credentials: { username: string; password: string; code?: string }): Promise<T> {
  return apiResponse<T>(ownServerUrl(serverUrl, '/api/admin/login'), {
    method: 'POST',
    body: credentials,
    credentials: 'same-origin',
  }).then((r) => r.body);
}

/** POST /api/admin/login/passkey: the password again with the passkey's answer to the options the login answered. */
export function passkeyLoginRequest<T>(
  serverUrl: string,
  credentials: { username: string; password: string; response: unknown },
): Promise<T> {
  return apiResponse<T>(ownServerUrl(serverUrl, '/api/admin/login/passkey'), {
    method: 'POST',
    body: credentials,
    credentials: 'same-origin',
  }).then((r) => r.body);
}
