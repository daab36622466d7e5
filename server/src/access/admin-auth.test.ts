import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SoftwarePasskey } from '@stakedesk/test-support/passkey-authenticator';
import { MESSAGES } from '@stakedesk/shared/messages';
import { ADMIN, newHolder, startTestServer, STEP_UP, type ApiResponse, type TestServer } from '../test/test-server.js';

/** Every route behind requireAdmin: the admin API, the CSV exports and reconciliation. */
const ADMIN_ROUTES: Array<[method: string, path: string]> = [
  ['GET', '/api/admin/settings'],
  ['PUT', '/api/admin/settings'],
  ['GET', '/api/admin/stats'],
  ['GET', '/api/admin/staking-plans'],
  ['POST', '/api/admin/staking-plans'],
  ['PUT', '/api/admin/staking-plans/1'],
  ['DELETE', '/api/admin/staking-plans/1'],
  ['PATCH', '/api/admin/staking-plans/1/toggle'],
  ['GET', '/api/admin/stakes'],
  ['GET', '/api/admin/withdrawals'],
  ['PUT', '/api/admin/withdrawals/1'],
  ['GET', '/api/admin/admins'],
  ['POST', '/api/admin/admins'],
  ['PUT', '/api/admin/admins/1'],
  ['DELETE', '/api/admin/admins/1'],
  ['POST', '/api/admin/update-expired-stakes'],
  ['GET', '/api/admin/audit-log'],
  ['GET', '/api/admin/stakes.csv'],
  ['GET', '/api/admin/withdrawals.csv'],
  ['GET', '/api/admin/reconciliation'],
  ['GET', '/api/admin/events'],
  ['GET', '/api/admin/payouts'],
  ['POST', '/api/admin/payouts'],
  ['GET', '/api/admin/treasury'],
  ['GET', '/api/admin/auto-payouts'],
  ['GET', '/api/admin/me'],
  ['POST', '/api/admin/me/two-factor/setup'],
  ['POST', '/api/admin/me/two-factor/enable'],
  ['POST', '/api/admin/me/two-factor/disable'],
  ['POST', '/api/admin/me/password'],
  ['POST', '/api/admin/me/sign-out-everywhere'],
];

const HOUR_MS = 60 * 60 * 1000;

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A request with a raw Authorization header (or none), so malformed headers can be sent as is. */
async function withAuthorization(api: TestServer, method: string, path: string, authorization?: string): Promise<ApiResponse> {
  const headers: Record<string, string> = {};
  if (authorization !== undefined) headers.authorization = authorization;
  const hasBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
  if (hasBody) headers['content-type'] = 'application/json';
  const response = await fetch(api.baseUrl + path, { method, headers, body: hasBody ? '{}' : undefined });
  // The event stream stays open once accepted: its status and headers are the answer.
  if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
    await response.body?.cancel();
    return { status: response.status, body: undefined, headers: response.headers };
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text for the assertion message
  }
  return { status: response.status, body, headers: response.headers };
}

/** The same token with its payload changed and its signature kept. */
function withClaims(token: string, change: (claims: Record<string, unknown>) => void): string {
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
  change(claims);
  return `${header}.${base64url(claims)}.${signature}`;
}

function loginAs(api: TestServer, body: unknown) {
  return api.request('POST', '/api/admin/login', body);
}

async function createAdmin(api: TestServer, token: string, admin: { email: string; username: string; password: string; role?: string }) {
  const response = await api.request<{ id: number }>('POST', '/api/admin/admins', { ...admin, ...STEP_UP }, token);
  expect(response.status).toBe(201);
  return response.body;
}

async function countRows(api: TestServer, table: 'admins' | 'audit_logs' | 'staking_plans'): Promise<number> {
  const [rows] = await api.db.query(`SELECT count(*)::int AS n FROM ${table}`);
  return (rows as { n: number }[])[0]!.n;
}

describe('admin login and tokens', () => {
  let api: TestServer;
  let rootToken: string;

  beforeAll(async () => {
    api = await startTestServer();
    rootToken = await api.login();
  });
  afterAll(() => api.close());

  describe('POST /api/admin/login', () => {
    it('answers a token and its expiry for the right username and password', async () => {
      const before = Date.now();
      const response = await loginAs(api, { username: ADMIN.username, password: ADMIN.password });
      expect(response.status).toBe(200);
      expect(Object.keys(response.body).sort()).toEqual(['expiresAt', 'role', 'token']);
      expect(response.body.role).toBe('owner');
      expect(response.body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      const expiresAt = Date.parse(response.body.expiresAt);
      expect(expiresAt).toBeGreaterThan(before);
      // The expiry the client is told is the one in the token.
      const claims = jwt.decode(response.body.token) as { exp: number };
      expect(Math.abs(claims.exp * 1000 - expiresAt)).toBeLessThan(5_000);
    });

    it('signs tokens with HS256', async () => {
      const token = await api.login();
      expect(jwt.decode(token, { complete: true })?.header.alg).toBe('HS256');
    });

    it('refuses a wrong password with 401 and the generic message', async () => {
      const response = await loginAs(api, { username: ADMIN.username, password: 'wrong password' });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: MESSAGES.invalidCredentials, code: 'invalidCredentials' });
    });

    it('refuses an unknown username with the same 401 as a wrong password', async () => {
      const response = await loginAs(api, { username: 'nobody-here', password: ADMIN.password });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: MESSAGES.invalidCredentials, code: 'invalidCredentials' });
    });

    it.each([
      ['missing', { password: ADMIN.password }],
      ['empty', { username: '', password: ADMIN.password }],
      ['blank', { username: '   ', password: ADMIN.password }],
      ['null', { username: null, password: ADMIN.password }],
    ])("refuses a %s username with 400 'Username is required'", async (_case, body) => {
      const response = await loginAs(api, body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        message: 'Username is required',
        code: 'usernameRequired',
        errors: { username: 'Username is required' },
        errorCodes: { username: { code: 'usernameRequired' } },
      });
    });

    it.each([
      ['missing', { username: ADMIN.username }],
      ['empty', { username: ADMIN.username, password: '' }],
      ['null', { username: ADMIN.username, password: null }],
    ])("refuses a %s password with 400 'Password is required'", async (_case, body) => {
      const response = await loginAs(api, body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        message: 'Password is required',
        code: 'passwordRequired',
        errors: { password: 'Password is required' },
        errorCodes: { password: { code: 'passwordRequired' } },
      });
    });

    it('reports both missing fields at once', async () => {
      const response = await loginAs(api, {});
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual({ username: 'Username is required', password: 'Password is required' });
    });

    it.each([
      ['a numeric username', { username: 12345, password: ADMIN.password }, 'username'],
      ['an array username', { username: [ADMIN.username], password: ADMIN.password }, 'username'],
      ['an object username', { username: { $ne: '' }, password: ADMIN.password }, 'username'],
      ['a boolean username', { username: true, password: ADMIN.password }, 'username'],
      ['a numeric password', { username: ADMIN.username, password: 123456 }, 'password'],
      ['an array password', { username: ADMIN.username, password: [ADMIN.password] }, 'password'],
      ['an object password', { username: ADMIN.username, password: { $gt: '' } }, 'password'],
      ['an extra field', { username: ADMIN.username, password: ADMIN.password, isAdmin: true }, 'isAdmin'],
      ['a __proto__ field', JSON.parse(`{"username":"root","password":"x","__proto__":{"admin":true}}`), '__proto__'],
      ['a 10 KB username', { username: 'u'.repeat(10 * 1024), password: ADMIN.password }, 'username'],
      ['a 10 KB password', { username: ADMIN.username, password: 'p'.repeat(10 * 1024) }, 'password'],
    ])('refuses %s with a 400 on that field', async (_case, body, field) => {
      const response = await loginAs(api, body);
      expect(response.status).toBe(400);
      expect(typeof response.body.message).toBe('string');
      expect(response.body.errors).toHaveProperty([field]);
      expect(JSON.stringify(response.body)).not.toMatch(/\bat .*\.(ts|js):\d+/);
    });

    it('answers a NUL character in the credentials with 400 or 401, never 500', async () => {
      for (const body of [
        { username: 'ro\u0000ot', password: ADMIN.password },
        { username: ADMIN.username, password: 'pass\u0000word' },
      ]) {
        expect([400, 401]).toContain((await loginAs(api, body)).status);
      }
    });

    it.each([
      ['a JSON array', '[]'],
      ['a JSON string', '"root"'],
      ['a JSON number', '42'],
      ['JSON null', 'null'],
      ['malformed JSON', '{"username": "root",'],
    ])('refuses a body that is %s with 400, never 500', async (_case, raw) => {
      const response = await loginAs(api, raw);
      expect(response.status).toBe(400);
      expect(typeof response.body.message).toBe('string');
    });

    it('refuses a login sent without a JSON body with 400, never 500', async () => {
      const noBody = await fetch(`${api.baseUrl}/api/admin/login`, { method: 'POST' });
      expect(noBody.status).toBe(400);
      const plainText = await fetch(`${api.baseUrl}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: 'username=root&password=x',
      });
      expect(plainText.status).toBe(400);
      expect(await plainText.json()).toHaveProperty('message');
    });
  });

  describe('every admin route needs a valid admin token', () => {
    let adminTwo: { id: number };
    /** Tokens the refused credentials below are made from, filled in by beforeAll. */
    const t = { two: '', expired: '', holderSession: '', now: 0 };
    const rootClaims = { sub: '1', tv: 0, typ: 'admin' };

    beforeAll(async () => {
      adminTwo = await createAdmin(api, rootToken, { email: 'two@example.com', username: 'two', password: 'password-two', role: 'owner' });
      t.two = await api.login('two', 'password-two');

      // A token that was valid once: issued 13 hours ago (they last 12).
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() - 13 * HOUR_MS);
      t.expired = await api.login();
      vi.useRealTimers();

      // A holder's wallet session is signed with the same secret: it must not pass for an admin token.
      t.holderSession = (await api.signIn(newHolder())).split('=')[1]!;
      t.now = Math.floor(Date.now() / 1000);
    });

    const REFUSED: Array<
      [name: string, authorization: () => string | undefined, code: 'authenticationRequired' | 'invalidToken' | 'sessionExpired']
    > = [
      ['without a token', () => undefined, 'authenticationRequired'],
      ['with an empty Authorization header', () => '', 'authenticationRequired'],
      ['with the token but no Bearer scheme', () => rootToken, 'authenticationRequired'],
      ['with a Basic header', () => `Basic ${Buffer.from('root:pw').toString('base64')}`, 'authenticationRequired'],
      ['with Bearer and nothing after it', () => 'Bearer ', 'authenticationRequired'],
      ['with Bearer and two words', () => `Bearer ${rootToken} extra`, 'authenticationRequired'],
      ['with a Bearer value that is not a JWT', () => 'Bearer not-a-jwt', 'invalidToken'],
      [
        'with a token signed by another secret',
        () => `Bearer ${jwt.sign(rootClaims, 'another secret entirely', { algorithm: 'HS256', expiresIn: 3600 })}`,
        'invalidToken',
      ],
      [
        'with an unsigned alg none token',
        () => `Bearer ${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ ...rootClaims, iat: t.now, exp: t.now + 3600 })}.`,
        'invalidToken',
      ],
      [
        'with a real signature under an alg none header',
        () => {
          const [, payload, signature] = rootToken.split('.');
          return `Bearer ${base64url({ alg: 'none', typ: 'JWT' })}.${payload}.${signature}`;
        },
        'invalidToken',
      ],
      ['with an expired token', () => `Bearer ${t.expired}`, 'sessionExpired'],
      [
        "with another admin's token whose subject was changed to root",
        () => `Bearer ${withClaims(t.two, (c) => (c.sub = '1'))}`,
        'invalidToken',
      ],
      ["with a holder's wallet session token", () => `Bearer ${t.holderSession}`, 'invalidToken'],
      [
        'with a token whose expiry was pushed back',
        () => `Bearer ${withClaims(rootToken, (c) => (c.exp = t.now + 365 * 24 * 3600))}`,
        'invalidToken',
      ],
    ];

    it('made the expired-token case from a token that expired in the past', () => {
      expect((jwt.decode(t.expired) as { exp: number }).exp * 1000).toBeLessThan(Date.now());
    });

    describe.each(REFUSED)('%s', (_name, authorization, code) => {
      it.each(ADMIN_ROUTES)('%s %s answers 401', async (method, path) => {
        const response = await withAuthorization(api, method, path, authorization());
        expect(response.status).toBe(401);
        expect(response.body).toEqual({ message: MESSAGES[code], code });
      });
    });

    it('changed nothing while refusing all of those requests', async () => {
      expect(await countRows(api, 'admins')).toBe(2);
      expect(await countRows(api, 'staking_plans')).toBe(0);
      const [rows] = await api.db.query(`SELECT action FROM audit_logs WHERE action NOT LIKE 'admin.login%' ORDER BY id`);
      expect(rows).toEqual([{ action: 'admin.create' }]); // the set-up's own admin creation only (besides the sign-ins of the login tests)
    });

    it('lets a valid token through to every one of these routes (no 401, no unknown-route 404)', async () => {
      const problems: string[] = [];
      // Signing out everywhere would end the token the rest of this file uses: admin-account.test.ts covers it.
      for (const [method, path] of ADMIN_ROUTES.filter(([, path]) => path !== '/api/admin/me/sign-out-everywhere')) {
        const response = await withAuthorization(api, method, path, `Bearer ${rootToken}`);
        const unknownRoute = response.status === 404 && response.body?.message === MESSAGES.notFound;
        // Reconciliation on this unconfigured server answers its documented 503 stakingNotConfigured: not a fault.
        const notConfigured = response.status === 503 && response.body?.code === 'stakingNotConfigured';
        if (response.status === 401 || (response.status >= 500 && !notConfigured) || unknownRoute) {
          problems.push(`${method} ${path} answered ${response.status} ${JSON.stringify(response.body)}`);
        }
      }
      expect(problems).toEqual([]);
    });

    it('refuses an unauthenticated 9 MB settings body with 401 rather than reading it', async () => {
      const response = await api.request('PUT', '/api/admin/settings', { tokenLogo: 'x'.repeat(9 * 1024 * 1024) });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: MESSAGES.authenticationRequired, code: 'authenticationRequired' });
    });

    it('does not accept an admin token as a wallet session cookie', async () => {
      const response = await api.request('GET', '/api/auth/session', undefined, { cookie: `stakedesk_session=${rootToken}` });
      expect(response.status).toBe(401);
    });

    it("stops accepting a deleted admin's token", async () => {
      await createAdmin(api, rootToken, { email: 'gone@example.com', username: 'gone', password: 'password-gone' });
      const goneToken = await api.login('gone', 'password-gone');
      expect((await api.request('GET', '/api/admin/stats', undefined, goneToken)).status).toBe(200);

      const gone = (await api.request('GET', '/api/admin/admins', undefined, rootToken)).body.find(
        (a: { username: string }) => a.username === 'gone',
      );
      expect((await api.request('DELETE', `/api/admin/admins/${gone.id}`, undefined, rootToken)).status).toBe(204);

      for (const [method, path] of [
        ['GET', '/api/admin/stats'],
        ['POST', '/api/admin/admins'],
        ['DELETE', '/api/admin/admins/1'],
      ] as const) {
        const response = await api.request(
          method,
          path,
          method === 'POST' ? { email: 'x@example.com', username: 'x', password: 'secret1' } : undefined,
          goneToken,
        );
        expect(response.status, `${method} ${path}`).toBe(401);
        expect(response.body).toEqual({ message: MESSAGES.sessionExpired, code: 'sessionExpired' });
      }
      expect(await countRows(api, 'admins')).toBe(2);
    });

    it("ends an admin's sessions when their password changes; the new password logs in", async () => {
      const oldToken = await api.login('two', 'password-two');
      const update = await api.request(
        'PUT',
        `/api/admin/admins/${adminTwo.id}`,
        { email: 'two@example.com', username: 'two', password: 'new-password-two', ...STEP_UP },
        rootToken,
      );
      expect(update.status).toBe(200);

      const withOld = await api.request('GET', '/api/admin/stats', undefined, oldToken);
      expect(withOld.status).toBe(401);
      expect(withOld.body).toEqual({ message: MESSAGES.sessionExpired, code: 'sessionExpired' });

      expect((await loginAs(api, { username: 'two', password: 'password-two' })).status).toBe(401);
      const newToken = await api.login('two', 'new-password-two');
      expect((await api.request('GET', '/api/admin/stats', undefined, newToken)).status).toBe(200);
      // Root's own session is untouched by a change to another admin.
      expect((await api.request('GET', '/api/admin/stats', undefined, rootToken)).status).toBe(200);
    });

    it("ends an admin's own session when they change their own password", async () => {
      const token = await api.login('two', 'new-password-two');
      const update = await api.request(
        'PUT',
        `/api/admin/admins/${adminTwo.id}`,
        { email: 'two@example.com', username: 'two', password: 'third-password', currentPassword: 'new-password-two' },
        token,
      );
      expect(update.status).toBe(200);
      expect((await api.request('GET', '/api/admin/stats', undefined, token)).status).toBe(401);
      expect((await api.request('GET', '/api/admin/stats', undefined, await api.login('two', 'third-password'))).status).toBe(200);
    });

    it('keeps a session valid when only the email or username changes (a step-up change)', async () => {
      const token = await api.login('two', 'third-password');
      const update = await api.request(
        'PUT',
        `/api/admin/admins/${adminTwo.id}`,
        { email: 'two-renamed@example.com', username: 'two-renamed', password: '', ...STEP_UP },
        rootToken,
      );
      expect(update.status).toBe(200);
      expect((await api.request('GET', '/api/admin/stats', undefined, token)).status).toBe(200);
    });
  });
});

describe('login brute force', () => {
  const LIMIT = 3;
  let api: TestServer;

  beforeAll(async () => {
    api = await startTestServer({ loginRateLimit: LIMIT });
  });
  afterAll(() => api.close());

  async function loginHits(): Promise<Array<{ key: string; hits: number }>> {
    const [rows] = await api.db.query(`SELECT key, hits FROM rate_limits WHERE key LIKE 'admin-login:%'`);
    return rows as Array<{ key: string; hits: number }>;
  }

  beforeEach(async () => {
    await api.db.query(`DELETE FROM rate_limits`);
    // The per-account throttle (admin-throttle.test.ts) is not what these tests are about.
    await api.db.query(`DELETE FROM admin_login_failures`);
  });

  it('does not count successful logins', async () => {
    for (let i = 0; i < LIMIT + 2; i++) {
      expect((await loginAs(api, { username: ADMIN.username, password: ADMIN.password })).status).toBe(200);
    }
    // A success is counted, then taken back once its response is sent.
    await vi.waitFor(async () => expect((await loginHits()).every((row) => row.hits === 0)).toBe(true));
    for (let i = 0; i < LIMIT; i++) {
      expect((await loginAs(api, { username: ADMIN.username, password: `guess-${i}` })).status).toBe(401);
    }
  });

  it(`answers 429 after ${LIMIT} failed logins, even for the right password`, async () => {
    for (let i = 0; i < LIMIT; i++) {
      const response = await loginAs(api, { username: ADMIN.username, password: `guess-${i}` });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: MESSAGES.invalidCredentials, code: 'invalidCredentials' });
    }
    const blocked = await loginAs(api, { username: ADMIN.username, password: 'guess-again' });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: MESSAGES.tooManyLoginAttempts, code: 'tooManyLoginAttempts' });

    const rightPassword = await loginAs(api, { username: ADMIN.username, password: ADMIN.password });
    expect(rightPassword.status).toBe(429);
    expect(rightPassword.body).toEqual({ message: MESSAGES.tooManyLoginAttempts, code: 'tooManyLoginAttempts' });
  });

  it('counts failed passkey sign-ins (POST /api/admin/login/passkey) in the same limit', async () => {
    const response = new SoftwarePasskey().answer({ challenge: 'AAAA' }, { origin: api.baseUrl });
    const withPasskey = (password: string) =>
      api.request('POST', '/api/admin/login/passkey', { username: ADMIN.username, password, response });
    for (let i = 0; i < LIMIT; i++) expect((await withPasskey(`guess-${i}`)).status).toBe(401);
    const blocked = await withPasskey(ADMIN.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: MESSAGES.tooManyLoginAttempts, code: 'tooManyLoginAttempts' });
    expect((await loginAs(api, { username: ADMIN.username, password: ADMIN.password })).status).toBe(429);
  });

  it('counts invalid login bodies as failures too', async () => {
    for (let i = 0; i < LIMIT; i++) expect((await loginAs(api, { username: '' })).status).toBe(400);
    expect((await loginAs(api, { username: ADMIN.username, password: ADMIN.password })).status).toBe(429);
  });

  it('keeps the count in PostgreSQL (rate_limits), where every server instance sees it', async () => {
    for (let i = 0; i < LIMIT; i++) await loginAs(api, { username: ADMIN.username, password: `guess-${i}` });
    const rows = await loginHits();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.hits).toBe(LIMIT);
    expect((await loginAs(api, { username: ADMIN.username, password: ADMIN.password })).status).toBe(429);

    // Clearing the table lifts the block: the count lives in the database, not in the process.
    await api.db.query(`DELETE FROM rate_limits WHERE key LIKE 'admin-login:%'`);
    expect((await loginAs(api, { username: ADMIN.username, password: ADMIN.password })).status).toBe(200);
  });

  it('limits only the login: a logged-in admin keeps working while logins are blocked', async () => {
    const token = await api.login();
    for (let i = 0; i <= LIMIT; i++) await loginAs(api, { username: ADMIN.username, password: `guess-${i}` });
    expect((await loginAs(api, { username: ADMIN.username, password: ADMIN.password })).status).toBe(429);
    expect((await api.request('GET', '/api/admin/stats', undefined, token)).status).toBe(200);
  });
});
