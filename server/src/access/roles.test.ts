import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROUTES, type AdminRoute } from '@stakedesk/shared/admin-routes';
import type { AdminMe } from '@stakedesk/shared/api-types';
import { MESSAGES, roleRequiredMessage } from '@stakedesk/shared/messages';
import { roleAllows, type AdminRole } from '@stakedesk/shared/roles';
import { ADMIN, startTestServer, STEP_UP, type ApiResponse, type TestServer } from '../test/test-server.js';
import { routeCoverageGaps } from '../test/route-coverage.js';
import { adminWithRole } from '../test/two-factor.js';

let api: TestServer;
let rootToken: string;
let rootId: number;
const tokens = {} as Record<AdminRole, string>;
const passwords = {} as Record<AdminRole, string>;

beforeAll(async () => {
  api = await startTestServer();
  rootToken = await api.login();
  rootId = (await api.request<AdminMe>('GET', '/api/admin/me', undefined, rootToken)).body.id;
  for (const role of ['owner', 'operator', 'viewer'] as const) {
    const admin = await adminWithRole(api, rootToken, role, `table-${role}`);
    tokens[role] = admin.token;
    passwords[role] = admin.password;
  }
});
afterAll(() => api.close());

/**
 * A new owner, signed in. Made in the database: with two owners already, a new one waits for another
 * owner's approval (DESIGN 17, change-requests.test.ts), which is not what these tests are about.
 */
async function ownerOf(name: string) {
  const admin = await adminWithRole(api, rootToken, 'operator', name);
  await api.db.query(`UPDATE admins SET role = 'owner' WHERE id = :id`, { replacements: { id: admin.id } });
  return admin;
}

/**
 * Every admin route of the table (shared/src/admin-routes.ts) and the least role it needs. An id of a
 * row that does not exist and a `{}` body make an allowed request be refused for some other reason
 * (or do nothing harmful), which shows the role check is the route's own and not a side effect.
 */
const TABLE = (Object.keys(ADMIN_ROUTES) as AdminRoute[]).map((route) => [route, ADMIN_ROUTES[route].role] as const);
const ENDPOINTS = TABLE.flatMap(([route, needs]) => {
  const [method, pattern] = route.split(' ') as [string, string];
  return needs === 'signIn' ? [] : [[method, pattern.replaceAll(':id', '999999'), needs, route] as const];
});
// Signing in needs no role: it has its own tests below (with a passkey: accounts/passkeys.test.ts).
const SIGN_IN_ROUTES = TABLE.filter(([, needs]) => needs === 'signIn').map(([route]) => route);

it('the table names every admin route the app mounted, and each has a case here', () => {
  const covered = [...ENDPOINTS.map(([, , , route]) => route), ...SIGN_IN_ROUTES];
  expect(routeCoverageGaps(api.mountedRoutes(), covered)).toEqual({ notInTable: [], noCase: [] });
});

/** A role refusal's code: the role's name is a coded message of its own, so a client translates it too. */
const ROLE_NAME_CODES: Record<AdminRole, string> = { viewer: 'roleViewer', operator: 'roleOperator', owner: 'roleOwner' };
const roleRequiredCode = (role: AdminRole) => ({ code: 'roleRequired', params: { role: { code: ROLE_NAME_CODES[role] } } });

/** The request as the panel would send it, with `{}` for a body; the event stream is closed once it answers. */
async function send(method: string, path: string, token: string): Promise<ApiResponse> {
  const hasBody = method !== 'GET' && method !== 'DELETE';
  const response = await fetch(api.baseUrl + path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(hasBody && { 'content-type': 'application/json' }) },
    body: hasBody ? '{}' : undefined,
  });
  if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
    await response.body?.cancel();
    return { status: response.status, body: undefined, headers: response.headers };
  }
  const text = await response.text();
  const json = response.headers.get('content-type')?.startsWith('application/json');
  return { status: response.status, body: json ? JSON.parse(text) : text, headers: response.headers };
}

describe('each role against every admin endpoint', () => {
  const cases = (['viewer', 'operator', 'owner'] as const).flatMap((role) =>
    ENDPOINTS.map(([method, path, needs]) => [role, method, path, needs] as const),
  );

  it.each(cases)('%s: %s %s (needs %s)', async (role, method, path, needs) => {
    const response = await send(method, path, tokens[role]);
    // Signing out everywhere ended every earlier token: the new one goes on. Logging out ended the
    // one used: the role signs in again.
    if (path.endsWith('/sign-out-everywhere')) tokens[role] = response.body.token;
    if (path.endsWith('/me/logout')) tokens[role] = await api.login(`table-${role}`, passwords[role]);
    if (roleAllows(role, needs)) {
      expect(response.status, JSON.stringify(response.body)).not.toBe(403);
      expect(response.status).not.toBe(401);
      // Reconciliation on this unconfigured server answers its documented 503 stakingNotConfigured: not a fault.
      if (response.body?.code !== 'stakingNotConfigured') expect(response.status).toBeLessThan(500);
    } else {
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ message: roleRequiredMessage(needs), ...roleRequiredCode(needs), requiredRole: needs });
    }
  });

  it('refuses a viewer sending a transaction through the RPC proxy (operator work), not a read', async () => {
    const call = (method: string) => ({ jsonrpc: '2.0', id: 1, method, params: [] });
    const send = await api.request('POST', '/api/rpc', call('sendTransaction'), tokens.viewer);
    expect(send.status).toBe(403);
    expect(send.body).toEqual({ message: roleRequiredMessage('operator'), ...roleRequiredCode('operator'), requiredRole: 'operator' });
  });

  it('changed nothing for the refused requests: no admin, plan or settings change was written by a lower role', async () => {
    const [rows] = await api.db.query(
      `SELECT admin_username, action FROM audit_logs
       WHERE admin_username IN ('table-viewer', 'table-operator') AND action NOT LIKE 'admin.log%' AND action <> 'admin.sign_out_everywhere'`,
    );
    // The operator's update-expired-stakes call is its own to make; nothing else.
    expect(rows).toEqual([{ admin_username: 'table-operator', action: 'stakes.expire' }]);
  });
});

describe('every admin object carries role and twoFactorEnabled', () => {
  it('in the list, GET /me and the login answer', async () => {
    const list = await api.request('GET', '/api/admin/admins?limit=1000', undefined, rootToken);
    for (const admin of list.body)
      expect(Object.keys(admin).sort()).toEqual(['createdAt', 'email', 'id', 'role', 'twoFactorEnabled', 'username']);
    expect(list.body.map((a: AdminMe) => a.role).sort()).toEqual(['operator', 'owner', 'owner', 'viewer']);
    const me = await api.request<AdminMe>('GET', '/api/admin/me', undefined, tokens.viewer);
    expect(me.body).toEqual({
      id: expect.any(Number),
      username: 'table-viewer',
      email: 'table-viewer@example.com',
      role: 'viewer',
      twoFactorEnabled: false,
      createdAt: expect.any(String),
      passkeyCount: 0,
      passkeyRequired: false,
    });
    const login = await api.request('POST', '/api/admin/login', { username: 'table-viewer', password: passwords.viewer });
    expect(login.body.role).toBe('viewer');
  });

  it('creates an operator by default, and refuses a role that does not exist', async () => {
    const created = await api.request(
      'POST',
      '/api/admin/admins',
      { email: 'default@example.com', username: 'default-role', password: 'default-password', ...STEP_UP },
      rootToken,
    );
    expect(created.status).toBe(201);
    expect(created.body.role).toBe('operator');
    const bad = await api.request(
      'POST',
      '/api/admin/admins',
      { email: 'bad@example.com', username: 'bad-role', password: 'bad-password', role: 'superuser', ...STEP_UP },
      rootToken,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ role: MESSAGES.roleInvalid });
  });
});

describe('a role change', () => {
  it("ends that admin's earlier sessions; the next sign-in has the new role", async () => {
    const admin = await adminWithRole(api, rootToken, 'operator', 'demoted');
    const before = await api.request('POST', '/api/admin/staking-plans', {}, admin.token);
    expect(before.status).toBe(400); // allowed, the body is just empty
    const change = await api.request(
      'PUT',
      `/api/admin/admins/${admin.id}`,
      { email: 'demoted@example.com', username: 'demoted', role: 'viewer', ...STEP_UP },
      rootToken,
    );
    expect(change.status).toBe(200);
    expect(change.body.role).toBe('viewer');
    const old = await api.request('GET', '/api/admin/stats', undefined, admin.token);
    expect(old.status).toBe(401);
    expect(old.body).toEqual({ message: MESSAGES.sessionExpired, code: 'sessionExpired' });
    const fresh = await api.login(admin.username, admin.password);
    expect((await api.request('POST', '/api/admin/staking-plans', {}, fresh)).status).toBe(403);
    // Root's own session is untouched.
    expect((await api.request('GET', '/api/admin/stats', undefined, rootToken)).status).toBe(200);
  });

  it('keeps sessions when the role sent is the one the admin has', async () => {
    const admin = await adminWithRole(api, rootToken, 'viewer', 'same-role');
    const same = await api.request(
      'PUT',
      `/api/admin/admins/${admin.id}`,
      { email: 'same-role@example.com', username: 'same-role', role: 'viewer' },
      rootToken,
    );
    expect(same.status).toBe(200);
    expect((await api.request('GET', '/api/admin/stats', undefined, admin.token)).status).toBe(200);
  });
});

describe('there is always an owner', () => {
  it('refuses to demote the last owner (409), and lets an owner step down while another remains', async () => {
    // Only root and table-owner are owners here: table-owner steps down (demoting another owner would
    // wait for approval, DESIGN 17), then root is the last.
    const ownerId = (await api.request<AdminMe>('GET', '/api/admin/me', undefined, tokens.owner)).body.id;
    const stepDown = await api.request(
      'PUT',
      `/api/admin/admins/${ownerId}`,
      { email: 'table-owner@example.com', username: 'table-owner', role: 'operator', currentPassword: passwords.owner },
      tokens.owner,
    );
    expect(stepDown.status).toBe(200);
    const demoteSelf = await api.request(
      'PUT',
      `/api/admin/admins/${rootId}`,
      { email: ADMIN.email, username: ADMIN.username, role: 'viewer', ...STEP_UP },
      rootToken,
    );
    expect(demoteSelf.status).toBe(409);
    expect(demoteSelf.body).toEqual({ message: MESSAGES.lastOwner, code: 'lastOwner' });
    const [rows] = await api.db.query(`SELECT username FROM admins WHERE role = 'owner'`);
    expect(rows).toEqual([{ username: ADMIN.username }]);
    expect((await api.request('GET', '/api/admin/stats', undefined, rootToken)).status).toBe(200);
  });

  it('keeps one owner when two owners step down at the same time', async () => {
    for (let round = 0; round < 3; round++) {
      const one = await ownerOf(`race-a${round}`);
      const two = await ownerOf(`race-b${round}`);
      // Every other owner steps aside so these two are the only ones.
      await api.db.query(`UPDATE admins SET role = 'operator' WHERE id NOT IN (:ids)`, { replacements: { ids: [one.id, two.id] } });
      try {
        const stepDown = (owner: typeof one) =>
          api.request(
            'PUT',
            `/api/admin/admins/${owner.id}`,
            { email: `${owner.username}@example.com`, username: owner.username, role: 'operator', currentPassword: owner.password },
            owner.token,
          );
        const answers = await Promise.all([stepDown(one), stepDown(two)]);
        expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
        // Besides root (stepped aside), exactly one of the two is still an owner.
        const [owners] = await api.db.query(`SELECT username FROM admins WHERE role = 'owner' AND id IN (:ids)`, {
          replacements: { ids: [one.id, two.id] },
        });
        expect(owners).toHaveLength(1);
      } finally {
        await api.db.query(`UPDATE admins SET role = 'owner' WHERE id = :rootId`, { replacements: { rootId } });
      }
    }
    // Three rounds of two new owners, each a dozen bcrypt checks at the real cost: half a minute on a loaded 2-CPU machine.
  }, 120_000);

  it('keeps one owner when two owners approve the removal of each other at the same time', async () => {
    const one = await ownerOf('delete-a');
    const two = await ownerOf('delete-b');
    await api.db.query(`UPDATE admins SET role = 'operator' WHERE id NOT IN (:ids)`, { replacements: { ids: [one.id, two.id] } });
    try {
      // Removing another owner waits for another owner's approval (DESIGN 17): each asks, each approves the other's.
      const asked = [
        await api.request('DELETE', `/api/admin/admins/${two.id}`, undefined, one.token),
        await api.request('DELETE', `/api/admin/admins/${one.id}`, undefined, two.token),
      ];
      expect(asked.map((a) => a.status)).toEqual([202, 202]);
      const approve = (id: number, owner: typeof one) =>
        api.request('POST', `/api/admin/change-requests/${id}/approve`, { currentPassword: owner.password }, owner.token);
      const answers = await Promise.all([approve(asked[0]!.body.changeRequest.id, two), approve(asked[1]!.body.changeRequest.id, one)]);
      // Decisions take turns: the second finds that its removal would leave no owner.
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.status === 409)!.body.code).toBe('lastOwner');
      const [owners] = await api.db.query(`SELECT username FROM admins WHERE role = 'owner' AND id IN (:ids)`, {
        replacements: { ids: [one.id, two.id] },
      });
      expect(owners).toHaveLength(1);
    } finally {
      await api.db.query(`UPDATE admins SET role = 'owner' WHERE id = :rootId`, { replacements: { rootId } });
    }
  });
});
