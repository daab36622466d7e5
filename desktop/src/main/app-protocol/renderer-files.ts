import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { contentTypeOf } from './content-types.js';

/**
 * Answers a request path with a file of the built renderer (out/renderer), with the CSP on every
 * response. Only files under `root`: a path that decodes to somewhere else (`..%2F`, `..\`) is 403.
 * The app:// protocol handler uses it, and so does the browser test's static server.
 */
export function rendererFiles(root: string, csp: () => string): (pathname: string) => Promise<Response> {
  const base = path.resolve(root);
  const headers = (extra: Record<string, string>) => ({
    'content-security-policy': csp(),
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-cache',
    ...extra,
  });
  const refuse = (status: number, text: string) =>
    new Response(text, { status, headers: headers({ 'content-type': 'text/plain; charset=utf-8' }) });

  return async (pathname) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return refuse(400, 'Bad request');
    }
    if (decoded.includes('\0')) return refuse(400, 'Bad request');
    const relative = decoded === '/' || decoded === '' ? 'index.html' : decoded.replace(/^[/\\]+/, '');
    const file = path.resolve(base, relative);
    const inside = path.relative(base, file);
    if (inside === '' || inside.startsWith('..') || path.isAbsolute(inside)) return refuse(403, 'Forbidden');
    try {
      const body = await readFile(file);
      return new Response(body, { status: 200, headers: headers({ 'content-type': contentTypeOf(path.extname(file)) }) });
    } catch {
      return refuse(404, 'Not found');
    }
  };
}
