/** An answer other than 2xx: `message` is the server's message, else "{status}: {body or status text}" (SPEC 8). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
}

/** The one way the app calls its API: same origin, credentials included, JSON in and out. */
export async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(path, {
    method: init.method ?? 'GET',
    credentials: 'include',
    headers: init.body === undefined ? undefined : { 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  let body: unknown = undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  if (!response.ok) {
    const serverMessage = (body as { message?: unknown } | undefined)?.message;
    const message = typeof serverMessage === 'string' ? serverMessage : `${response.status}: ${text || response.statusText}`;
    throw new ApiError(response.status, message, body);
  }
  return body as T;
}
