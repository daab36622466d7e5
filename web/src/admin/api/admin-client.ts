import { ApiError, apiResponse, type ApiInit } from '../../lib/api-client.js';

export type Page<T> = { rows: T[]; total: number };
export type ListParams = Record<string, string | number | undefined>;

export type AdminClient = {
  /** The bearer token, for the RPC proxy's admin calls (sending a payout). */
  token: string;
  get<T>(path: string): Promise<T>;
  /** An admin list page: the rows and X-Total-Count. */
  page<T>(path: string, params?: ListParams): Promise<Page<T>>;
  send<T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T>;
  text(path: string, params?: ListParams): Promise<string>;
  /** The raw streaming response (the admin event stream). */
  stream(path: string, signal: AbortSignal): Promise<Response>;
};

export function withQuery(path: string, params: ListParams = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') query.set(key, String(value));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * The admin API with the bearer token (never a cookie: the desktop app calls across origins).
 * A 401 means the token is no longer good: `onUnauthorized` ends the session.
 */
export function createAdminClient(serverUrl: string, token: string, onUnauthorized: (message: string) => void): AdminClient {
  const headers = { authorization: `Bearer ${token}` };
  async function call<T>(path: string, init: ApiInit = {}) {
    try {
      return await apiResponse<T>(serverUrl + path, { ...init, headers, credentials: 'same-origin' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) onUnauthorized(error.message);
      throw error;
    }
  }
  return {
    token,
    get: async (path) => (await call(path)).body as never,
    async page<T>(path: string, params?: ListParams) {
      const { body, headers: answered } = await call<T[]>(withQuery(path, params));
      return { rows: body, total: Number(answered.get('x-total-count') ?? body.length) };
    },
    send: async (method, path, body) => (await call(path, { method, body })).body as never,
    text: async (path, params) => (await call<string>(withQuery(path, params), { responseType: 'text' })).body,
    stream: (path, signal) => fetch(serverUrl + path, { headers, signal, credentials: 'same-origin' }),
  };
}

/** POST /api/admin/login needs no token. */
export function loginRequest<T>(serverUrl: string, username: string, password: string): Promise<T> {
  return apiResponse<T>(`${serverUrl}/api/admin/login`, { method: 'POST', body: { username, password }, credentials: 'same-origin' }).then((r) => r.body);
}
