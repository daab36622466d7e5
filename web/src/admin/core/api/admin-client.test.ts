import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAdminClient, loginRequest, type AdminClientHooks } from './admin-client.js';
import { ForeignOriginError } from './own-server.js';

type Sent = { url: string; authorization: string | null };

/** Records every request the page makes and answers each with 200 `{}`. */
function recordRequests(): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      sent.push({ url, authorization: new Headers(init.headers).get('authorization') });
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}

afterEach(() => void vi.unstubAllGlobals());

const hooks = (): AdminClientHooks => ({ onUnauthorized: vi.fn(), onTwoFactorSetupRequired: vi.fn(), stepUp: vi.fn() });

/** Paths a bug, a stored link or an answer from elsewhere could hand the client. */
const ELSEWHERE = [
  'https://attacker.example/api/admin/me',
  '//attacker.example/api/admin/me',
  '\\\\attacker.example/api/admin/me',
  'http://server.example/api/admin/me',
  'https://server.example:8443/api/admin/me',
];

describe('the admin client sends its token to its own server only', () => {
  // The desktop app: the configured server's origin. The browser: the page's own ('' in the platform).
  describe.each([
    { shell: 'desktop', serverUrl: 'https://server.example', pageOrigin: 'app://stakedesk' },
    { shell: 'browser', serverUrl: '', pageOrigin: 'https://server.example' },
  ])('$shell', ({ serverUrl, pageOrigin }) => {
    it('sends relative paths to its server, with the token', async () => {
      vi.stubGlobal('location', { origin: pageOrigin });
      const sent = recordRequests();
      const client = createAdminClient(serverUrl, 'token-1', hooks());
      await client.get('/api/admin/me');
      await client.send('PUT', '/api/admin/settings', { tokenName: 'T' }, { stepUp: false });
      await client.page('/api/admin/stakes', { limit: 5 });
      await client.text('/api/admin/stakes.csv');
      await client.stream('/api/admin/events', new AbortController().signal);
      // Glued to the origin, '@host' would have named another host ('https://server.example@attacker.example').
      await client.get('@attacker.example/api/admin/me');
      expect(sent.map((s) => new URL(s.url).origin)).toEqual(Array(6).fill('https://server.example'));
      expect(sent.every((s) => s.authorization === 'Bearer token-1')).toBe(true);
    });

    it.each(ELSEWHERE)('refuses %s, unsent, whatever the call', async (url) => {
      vi.stubGlobal('location', { origin: pageOrigin });
      const sent = recordRequests();
      const client = createAdminClient(serverUrl, 'token-1', hooks());
      await expect(client.get(url)).rejects.toBeInstanceOf(ForeignOriginError);
      await expect(client.send('POST', url, {}, { stepUp: false })).rejects.toBeInstanceOf(ForeignOriginError);
      await expect(client.page(url)).rejects.toBeInstanceOf(ForeignOriginError);
      await expect(client.text(url)).rejects.toBeInstanceOf(ForeignOriginError);
      await expect(client.stream(url, new AbortController().signal)).rejects.toBeInstanceOf(ForeignOriginError);
      expect(sent).toEqual([]);
    });
  });

  it('sends the login (a password) to its own server too', async () => {
    const sent = recordRequests();
    await loginRequest('https://server.example', { username: 'a', password: 'b' });
    expect(sent.map((s) => s.url)).toEqual(['https://server.example/api/admin/login']);
  });
});
