import { protocol } from 'electron';
import { APP_HOST, APP_SCHEME } from '../../shared/app-origin.js';
import { rendererFiles } from './renderer-files.js';

/**
 * app:// as a standard, secure scheme, so the renderer has the real origin app://stakedesk (the one
 * the server's CORS rule allows) and a secure context. Must run before the app is ready.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true } },
  ]);
}

/** Serves the built renderer at app://stakedesk/ with the current CSP. */
export function serveAppScheme(rendererRoot: string, csp: () => string): void {
  const files = rendererFiles(rendererRoot, csp);
  protocol.handle(APP_SCHEME, (request) => {
    const url = new URL(request.url);
    if (url.host !== APP_HOST) return new Response('Not found', { status: 404 });
    if (request.method !== 'GET' && request.method !== 'HEAD') return new Response('Method not allowed', { status: 405 });
    return files(url.pathname);
  });
}
