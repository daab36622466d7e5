/** An answer other than 2xx: `message` is the server's message, else "{status}: {body or status text}" (what the toasts show when the server sent no message). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
}

export type ApiInit = {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** 'include' (the default) sends the holder's session cookie; the admin panel sends a bearer token instead. */
  credentials?: RequestCredentials;
  /** 'text' keeps the body as text (CSV downloads). */
  responseType?: 'json' | 'text';
};

/** The one way the apps call the API: JSON in and out, errors as ApiError. Answers the body and headers. */
export async function apiResponse<T>(url: string, init: ApiInit = {}): Promise<{ body: T; headers: Headers }> {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    credentials: init.credentials ?? 'include',
    headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  let body: unknown = text;
  if (init.responseType !== 'text' || !response.ok) {
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
  }
  if (!response.ok) {
    const serverMessage = (body as { message?: unknown } | undefined)?.message;
    const message = typeof serverMessage === 'string' ? serverMessage : `${response.status}: ${text || response.statusText}`;
    throw new ApiError(response.status, message, body);
  }
  return { body: body as T, headers: response.headers };
}

/** Same-origin holder calls: the body only. */
export async function api<T>(path: string, init: ApiInit = {}): Promise<T> {
  return (await apiResponse<T>(path, init)).body;
}
