import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rendererFiles } from './renderer-files.js';

// out/renderer with a secret beside it that no request may reach.
const top = mkdtempSync(path.join(tmpdir(), 'stakedesk-renderer-'));
const root = path.join(top, 'renderer');
mkdirSync(path.join(root, 'assets'), { recursive: true });
writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Stakedesk Admin</title>');
writeFileSync(path.join(root, 'assets', 'app.js'), 'console.log(1)');
writeFileSync(path.join(top, 'secret.txt'), 'the admin token');
afterAll(() => rmSync(top, { recursive: true, force: true }));

const serve = rendererFiles(root, () => "default-src 'self'");

describe('serving the built renderer', () => {
  it('answers / and /index.html with the page and the CSP', async () => {
    for (const pathname of ['/', '/index.html']) {
      const response = await serve(pathname);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('content-security-policy')).toBe("default-src 'self'");
      expect(await response.text()).toContain('<title>Stakedesk Admin</title>');
    }
  });

  it('serves scripts as JavaScript, with the CSP too', async () => {
    const response = await serve('/assets/app.js');
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it.each(['/..%2Fsecret.txt', '/assets/..%2F..%2Fsecret.txt', '/%2e%2e%2fsecret.txt', '/..%5Csecret.txt'])(
    'refuses %s, which leaves the renderer folder',
    async (pathname) => {
      const response = await serve(pathname);
      expect(response.status).toBe(403);
      expect(await response.text()).not.toContain('the admin token');
    },
  );

  it('answers a missing file with 404, and a malformed or NUL path with 400', async () => {
    expect((await serve('/nothing-here.js')).status).toBe(404);
    expect((await serve('/assets')).status).toBe(404);
    // An absolute path is looked up inside the folder, where it is not.
    expect((await serve(`/${encodeURIComponent(path.join(top, 'secret.txt'))}`)).status).toBe(404);
    expect((await serve('/%E0%A4%A')).status).toBe(400);
    expect((await serve('/index.html%00.js')).status).toBe(400);
  });

  it('reads the CSP for every response, so a new server URL applies on the next load', async () => {
    let server = 'https://one.example.com';
    const live = rendererFiles(root, () => `connect-src ${server}`);
    expect((await live('/')).headers.get('content-security-policy')).toBe('connect-src https://one.example.com');
    server = 'https://two.example.com';
    expect((await live('/')).headers.get('content-security-policy')).toBe('connect-src https://two.example.com');
  });
});
