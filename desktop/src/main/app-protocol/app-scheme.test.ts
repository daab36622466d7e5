import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { protocol, resetFakeElectron } from '../test/fake-electron.js';
import { registerAppScheme, serveAppScheme } from './app-scheme.js';

vi.mock('electron', () => import('../test/fake-electron.js'));

const top = mkdtempSync(path.join(tmpdir(), 'stakedesk-scheme-'));
const root = path.join(top, 'renderer');
mkdirSync(root);
writeFileSync(path.join(root, 'index.html'), '<title>Stakedesk Admin</title>');
writeFileSync(path.join(top, 'secret.txt'), 'not for the page');
afterAll(() => rmSync(top, { recursive: true, force: true }));

describe('the app:// scheme', () => {
  beforeEach(resetFakeElectron);

  it('is registered as a standard, secure scheme that may use fetch', () => {
    registerAppScheme();
    expect(protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      { scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true, supportFetchAPI: true }) },
    ]);
  });

  it('serves out/renderer at app://stakedesk/ with the current CSP', async () => {
    serveAppScheme(root, () => 'connect-src https://stakedesk.example.com');
    const response = await handle('app://stakedesk/index.html');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe('connect-src https://stakedesk.example.com');
    expect(await response.text()).toContain('Stakedesk Admin');
  });

  it('refuses ../ traversal out of the renderer folder', async () => {
    serveAppScheme(root, () => '');
    for (const url of ['app://stakedesk/..%2Fsecret.txt', 'app://stakedesk/%2e%2e%2Fsecret.txt', 'app://stakedesk/..%5Csecret.txt']) {
      const response = await handle(url);
      expect(response.status).toBe(403);
      expect(await response.text()).not.toContain('not for the page');
    }
  });

  it('answers nothing for another host or a method other than GET', async () => {
    serveAppScheme(root, () => '');
    expect((await handle('app://elsewhere/index.html')).status).toBe(404);
    expect((await handle('app://stakedesk/index.html', 'POST')).status).toBe(405);
  });
});

/** What Electron passes the handler: a Request whose url is the app:// URL as the page asked for it. */
function handle(url: string, method = 'GET'): Promise<Response> {
  const handler = protocol.handlers.get('app');
  if (!handler) throw new Error('app:// is not handled');
  const request = { url, method } as Request;
  return Promise.resolve(handler(request));
}
