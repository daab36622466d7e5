/** A call the admin client will not make: it would carry the admin token off its own server. */
export class ForeignOriginError extends Error {
  override name = 'ForeignOriginError';
  constructor(readonly origin: string) {
    super(`The admin token is sent only to the panel's own server, not to ${origin}`);
  }
}

/**
 * The URL of `path` on the panel's own server: the page's origin in the browser (`serverUrl` ''),
 * the configured origin on the desktop. `path` is resolved against that origin, never glued to it
 * (glued, '@elsewhere/x' would name a user of another host); a URL that lands on any other origin
 * ('//elsewhere', 'https://elsewhere/…', another port or scheme) throws before anything is sent.
 */
export function ownServerUrl(serverUrl: string, path: string): string {
  const origin = new URL(serverUrl || globalThis.location.origin).origin;
  const url = new URL(path, `${origin}/`);
  if (url.origin !== origin) throw new ForeignOriginError(url.origin);
  return url.href;
}
