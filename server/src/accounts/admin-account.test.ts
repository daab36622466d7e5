import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminMe, SessionTokenResponse } from '@stakedesk/shared/api-types';
import { MESSAGES } from '@stakedesk/shared/messages';
import { listenToAdminEvents } from '../test/admin-events.js';
import { startTestServer, type TestServer } from '../test/test-server.js';
import { adminWithRole } from '../test/two-factor.js';

let api: TestServer;
let rootToken: string;

beforeAll(async () => {
  api = await startTestServer();
  rootToken = await api.login();
});
afterAll(() => api.close());

const stats = (token: string) => api.request('GET', '/api/admin/stats', undefined, token);

describe('GET /api/admin/me', () => {
  it('answers the signed-in admin, without secrets', async () => {
    const admin = await adminWithRole(api, rootToken, 'viewer', 'me-viewer');
    const response = await api.request<AdminMe>('GET', '/api/admin/me', undefined, admin.token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: admin.id,
      username: 'me-viewer',
      email: 'me-viewer@example.com',
      role: 'viewer',
      twoFactorEnabled: false,
      createdAt: expect.any(String),
      passkeyCount: 0,
      passkeyRequired: false,
    });
    expect(JSON.stringify(response.body)).not.toMatch(/password|secret|\$2[aby]\$/i);
  });
});

describe('POST /api/admin/me/password', () => {
  it('needs the current password: 403 stepUpRequired when wrong, nothing changes', async () => {
    const admin = await adminWithRole(api, rootToken, 'viewer', 'pw-wrong');
    const response = await api.request(
      'POST',
      '/api/admin/me/password',
      { currentPassword: 'not it', newPassword: 'brand-new-pw' },
      admin.token,
    );
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: MESSAGES.stepUpWrong, code: 'stepUpWrong', stepUpRequired: true });
    expect((await api.request('POST', '/api/admin/login', { username: admin.username, password: admin.password })).status).toBe(200);
    expect((await stats(admin.token)).status).toBe(200);
  });

  it.each([
    ['nothing', {}, { currentPassword: MESSAGES.currentPasswordRequired, newPassword: MESSAGES.newPasswordRequired }],
    ['a short new password', { currentPassword: 'x', newPassword: '12345' }, { newPassword: MESSAGES.passwordTooShort }],
    ['a number', { currentPassword: 5, newPassword: 'long-enough' }, { currentPassword: 'Current password must be text' }],
    ['an extra field', { currentPassword: 'x', newPassword: 'long-enough', username: 'x' }, { username: 'Unknown field: username' }],
  ])('refuses %s with a 400 on its field', async (_case, body, errors) => {
    const response = await api.request('POST', '/api/admin/me/password', body, rootToken);
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(errors);
  });

  it('ends every other session of the admin, keeps the one it was made from (204), and the new password signs in', async () => {
    const admin = await adminWithRole(api, rootToken, 'operator', 'pw-change');
    const other = await api.login(admin.username, admin.password);
    const events = await listenToAdminEvents(api.databaseUrl);
    try {
      const response = await api.request(
        'POST',
        '/api/admin/me/password',
        { currentPassword: admin.password, newPassword: 'the-new-password' },
        admin.token,
      );
      expect(response.status).toBe(204);
      expect(response.body).toBeUndefined();
      expect((await stats(admin.token)).status).toBe(200);
      const ended = await stats(other);
      expect(ended.status).toBe(401);
      expect(ended.body).toEqual({ message: MESSAGES.sessionExpired, code: 'sessionExpired' });
      expect((await api.request('POST', '/api/admin/login', { username: admin.username, password: admin.password })).status).toBe(401);
      const fresh = await api.login(admin.username, 'the-new-password');
      expect((await stats(fresh)).status).toBe(200);
      expect(await events.securityChanges()).toEqual([
        { type: 'security.changed', changes: ['admin.password'], adminUsername: 'pw-change', adminId: admin.id },
      ]);
    } finally {
      await events.close();
    }
    // The kept session is one session: a later role change or sign-out-everywhere ends it too.
    await api.request('POST', '/api/admin/me/sign-out-everywhere', {}, admin.token);
    expect((await stats(admin.token)).status).toBe(401);
  });

  it('keeps only the newest caller when the password changes twice from two sessions', async () => {
    const admin = await adminWithRole(api, rootToken, 'viewer', 'pw-twice');
    const second = await api.login(admin.username, admin.password);
    expect(
      (
        await api.request(
          'POST',
          '/api/admin/me/password',
          { currentPassword: admin.password, newPassword: 'second-password' },
          admin.token,
        )
      ).status,
    ).toBe(204);
    const third = await api.login(admin.username, 'second-password');
    expect(
      (await api.request('POST', '/api/admin/me/password', { currentPassword: 'second-password', newPassword: 'third-password' }, third))
        .status,
    ).toBe(204);
    expect((await stats(third)).status).toBe(200);
    expect((await stats(admin.token)).status).toBe(401);
    expect((await stats(second)).status).toBe(401);
  });
});

describe('POST /api/admin/me/sign-out-everywhere', () => {
  it('ends every earlier token of the admin, the one used too, and answers a new one that works', async () => {
    const admin = await adminWithRole(api, rootToken, 'viewer', 'everywhere');
    const other = await api.login(admin.username, admin.password);
    const response = await api.request<SessionTokenResponse>('POST', '/api/admin/me/sign-out-everywhere', {}, admin.token);
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['expiresAt', 'token']);
    for (const token of [admin.token, other]) {
      const ended = await stats(token);
      expect(ended.status).toBe(401);
      expect(ended.body).toEqual({ message: MESSAGES.sessionExpired, code: 'sessionExpired' });
    }
    expect((await stats(response.body.token)).status).toBe(200);
    // Other admins keep theirs.
    expect((await stats(rootToken)).status).toBe(200);
    const [rows] = await api.db.query(`SELECT action FROM audit_logs WHERE admin_id = :id AND action = 'admin.sign_out_everywhere'`, {
      replacements: { id: admin.id },
    });
    expect(rows).toHaveLength(1);
  });

  it('ends the event stream of an ended session too', async () => {
    const admin = await adminWithRole(api, rootToken, 'viewer', 'stream-ends');
    const stream = await fetch(`${api.baseUrl}/api/admin/events`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(stream.status).toBe(200);
    await stream.body?.cancel();
    await api.request('POST', '/api/admin/me/sign-out-everywhere', {}, admin.token);
    const again = await fetch(`${api.baseUrl}/api/admin/events`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(again.status).toBe(401);
    await again.body?.cancel();
  });
});

describe('deleting an admin', () => {
  it('ends its sessions', async () => {
    const admin = await adminWithRole(api, rootToken, 'operator', 'deleted');
    expect((await api.request('DELETE', `/api/admin/admins/${admin.id}`, undefined, rootToken)).status).toBe(204);
    expect((await stats(admin.token)).status).toBe(401);
  });
});
