import type { ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers, worked out once at start-up instead of by its chain of thirteen middlewares on
 * every request (a tenth of the server's time on a cached read). Helmet still decides every name
 * and value: its middleware runs here once against a recorder. That is sound only while every option
 * is a constant: a function (a per-request CSP nonce, say) is refused at start-up.
 */
/** Sets them on an answer (Express's or the public read lane's). */
export function securityHeaders(options: HelmetOptions): (res: ServerResponse) => void {
  if (hasFunction(options)) throw new Error('securityHeaders takes constant helmet options only (no per-request values)');
  const headers: [string, string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: unknown) {
      if (typeof value !== 'string') throw new Error(`helmet set ${name} to a non-string value`);
      headers.push([name, value]);
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  };
  let done = false;
  helmet(options)({} as never, recorder as never, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
    done = true;
  });
  // Helmet answers synchronously for constant options; anything else would need it per request.
  if (!done) throw new Error('helmet did not set its headers synchronously: its options are not constant');

  return (res) => {
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of headers) res.setHeader(name, value);
  };
}

function hasFunction(value: unknown): boolean {
  if (typeof value === 'function') return true;
  if (typeof value !== 'object' || value === null) return false;
  return Object.values(value).some(hasFunction);
}
