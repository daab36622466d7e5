import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@stakedesk/shared/messages';
import { spawnServer, stopSpawned, type SpawnedServer } from '../test/spawn-server.js';
import { startTestServer, type TestServer } from '../test/test-server.js';
import { adminWithRole } from '../test/two-factor.js';
import { adminRevocations } from '../auth/revoked-sessions.js';

let api: TestServer;
let rootToken: string;

beforeAll(async () => {
  api = await startTestServer({ eventHeartbeatMs: 200 });
  rootToken = await api.login();
});
afterAll(() => api.close());

const logout = (token: string) => api.request('POST', '/api/admin/me/logout', undefined, token);
const ended = { status: 401, body: { message: MESSAGES.sessionExpired, code: 'sessionExpired' } };

describe('POST /api/admin/me/logout', () => {
  it('answers 204, and that token answers 401 everywhere from then on; the admin signs in again', async () => {
    const admin = await adminWithRole(api, rootToken, 'owner', 'leaving');
    expect((await api.request('GET', '/api/admin/stats', undefined, admin.token)).status).toBe(200);

    const response = await logout(admin.token);
    expect(response.status).toBe(204);
    expect(response.body).toBeUndefined();

    for (const [method, path] of [
      ['GET', '/api/admin/stats'],
      ['GET', '/api/admin/me'],
      ['GET', '/api/admin/admins'],
      ['POST', '/api/admin/staking-plans'],
      ['POST', '/api/admin/me/sign-out-everywhere'],
      ['POST', '/api/admin/me/logout'],
    ] as const) {
      expect(await api.request(method, path, method === 'POST' ? {} : undefined, admin.token), `${method} ${path}`).toMatchObject(ended);
    }
    // Sending a payout through the RPC proxy checks the same token.
    const send = await api.request('POST', '/api/rpc', { jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: [] }, admin.token);
    expect(send).toMatchObject(ended);
    expect((await api.request('GET', '/api/admin/stats', undefined, await api.login(admin.username, admin.password))).status).toBe(200);
  });

  it("ends only that session: the same admin's other tokens and other admins keep working", async () => {
    const admin = await adminWithRole(api, rootToken, 'viewer', 'two-tabs');
    const other = await api.login(admin.username, admin.password);
    expect((await logout(admin.token)).status).toBe(204);
    expect(await api.request('GET', '/api/admin/me', undefined, admin.token)).toMatchObject(ended);
    expect(await api.request('GET', '/api/admin/me', undefined, other)).toMatchObject({ status: 200, body: { username: 'two-tabs' } });
    expect((await api.request('GET', '/api/admin/me', undefined, rootToken)).status).toBe(200);
  });

  it('ends the session a password change kept too', async () => {
    const admin = await adminWithRole(api, rootToken, 'operator', 'changed-password');
    const change = { currentPassword: admin.password, newPassword: 'a brand new password' };
    expect((await api.request('POST', '/api/admin/me/password', change, admin.token)).status).toBe(204);
    expect((await api.request('GET', '/api/admin/me', undefined, admin.token)).status).toBe(200);
    expect((await logout(admin.token)).status).toBe(204);
    expect(await api.request('GET', '/api/admin/me', undefined, admin.token)).toMatchObject(ended);
  });

  it('ends the event stream of that session', async () => {
    const admin = await adminWithRole(api, rootToken, 'viewer', 'streaming');
    const stream = await fetch(`${api.baseUrl}/api/admin/events`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(stream.status).toBe(200);
    expect((await logout(admin.token)).status).toBe(204);
    // The stream's heartbeat (200 ms here) finds the session ended and closes it.
    const reader = stream.body!.getReader();
    const drained = (async () => {
      while (!(await reader.read()).done);
      return 'closed';
    })();
    await expect(Promise.race([drained, new Promise((resolve) => setTimeout(() => resolve('still open'), 5_000))])).resolves.toBe('closed');
  });

  it('needs a valid token: 401 without one, nothing revoked', async () => {
    const before = await api.db.query('SELECT count(*)::int AS n FROM revoked_admin_sessions');
    expect((await api.request('POST', '/api/admin/me/logout')).status).toBe(401);
    expect((await api.request('POST', '/api/admin/me/logout', undefined, 'not.a.token')).status).toBe(401);
    expect(await api.db.query('SELECT count(*)::int AS n FROM revoked_admin_sessions')).toEqual(before);
  });

  it('is audited', async () => {
    const admin = await adminWithRole(api, rootToken, 'viewer', 'audited-logout');
    await logout(admin.token);
    const [rows] = await api.db.query(`SELECT action, entity_id FROM audit_logs WHERE admin_id = :id AND action = 'admin.logout'`, {
      replacements: { id: admin.id },
    });
    expect(rows).toEqual([{ action: 'admin.logout', entity_id: String(admin.id) }]);
  });

  it('keeps a revocation while its token could still be used; the periodic cleanup drops only expired ones', async () => {
    const admin = await adminWithRole(api, rootToken, 'viewer', 'cleaned-up');
    await logout(admin.token);
    await api.db.query(
      `INSERT INTO revoked_admin_sessions (session_id, expires_at) VALUES (gen_random_uuid(), now() - interval '2 hours')`,
    );
    await adminRevocations.deleteExpired(api.db);
    expect(await api.request('GET', '/api/admin/me', undefined, admin.token)).toMatchObject(ended);
    const [rows] = await api.db.query(`SELECT count(*)::int AS n FROM revoked_admin_sessions WHERE expires_at < now()`);
    expect(rows).toEqual([{ n: 0 }]);
  });
});

describe('admin logout with two server instances on one database', () => {
  let other: SpawnedServer;
  beforeAll(async () => {
    other = await spawnServer({ DATABASE_URL: api.databaseUrl, JWT_SECRET: api.jwtSecret });
  }, 120_000);
  afterAll(async () => {
    if (other) await stopSpawned(other);
  });

  const meThere = async (token: string) =>
    (await fetch(`${other.url}/api/admin/me`, { headers: { authorization: `Bearer ${token}` } })).status;

  it('a token logged out on one instance is refused on the other, and the other way round', async () => {
    const admin = await adminWithRole(api, rootToken, 'viewer', 'two-instances');
    expect(await meThere(admin.token)).toBe(200);
    expect((await logout(admin.token)).status).toBe(204);
    expect(await meThere(admin.token)).toBe(401);

    const second = await api.login(admin.username, admin.password);
    const there = await fetch(`${other.url}/api/admin/me/logout`, { method: 'POST', headers: { authorization: `Bearer ${second}` } });
    expect(there.status).toBe(204);
    expect(await api.request('GET', '/api/admin/me', undefined, second)).toMatchObject(ended);
  });
});
