import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Admin as AdminJson, ApiError, AuditLogEntry as AuditEntry } from '@stakedesk/shared/api-types';
import { MESSAGES, noNulMessage } from '@stakedesk/shared/messages';
import { ADMIN, startTestServer, STEP_UP, type TestServer } from '../test/test-server.js';

/** A response body: the object on success, `{message, errors?}` on failure. */
type Answer<T> = T & Partial<ApiError>;

let api: TestServer;
let token: string;
let rootId: number;
let counter = 0;

beforeAll(async () => {
  api = await startTestServer();
  token = await api.login();
  rootId = (await api.request<AdminJson[]>('GET', '/api/admin/admins', undefined, token)).body[0]!.id;
});
afterAll(() => api.close());

/** A fresh, valid admin form each call. */
function newAdmin(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return { email: `admin${counter}@example.com`, username: `admin${counter}`, password: `password-${counter}`, ...overrides };
}

/** Root's step-up added to a form (creating an admin, a role or password change need it; other changes ignore it). */
const stepUp = (body: unknown) => (body !== null && typeof body === 'object' && !Array.isArray(body) ? { ...STEP_UP, ...body } : body);

const adminsApi = {
  list: (query = '') => api.request<Answer<AdminJson[]>>('GET', `/api/admin/admins${query}`, undefined, token),
  create: (body: unknown) => api.request<Answer<AdminJson>>('POST', '/api/admin/admins', stepUp(body), token),
  update: (id: number | string, body: unknown) => api.request<Answer<AdminJson>>('PUT', `/api/admin/admins/${id}`, stepUp(body), token),
  remove: (id: number | string) => api.request('DELETE', `/api/admin/admins/${id}`, undefined, token),
};

async function createOk(overrides: Record<string, unknown> = {}) {
  const form = newAdmin(overrides);
  const response = await adminsApi.create(form);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return { form, admin: response.body };
}

/**
 * A new owner, made in the database: with two owners already, a new one waits for another owner's
 * approval (DESIGN 17, approvals/change-requests.test.ts), which is not what these tests are about.
 */
async function ownerOk() {
  const created = await createOk();
  await api.db.query(`UPDATE admins SET role = 'owner' WHERE id = :id`, { replacements: { id: created.admin.id } });
  return created;
}

function loginStatus(username: string, password: string) {
  return api.request('POST', '/api/admin/login', { username, password }).then((r) => r.status);
}

async function storedHash(id: number): Promise<string> {
  const [rows] = await api.db.query('SELECT password_hash FROM admins WHERE id = :id', { replacements: { id } });
  return (rows as { password_hash: string }[])[0]!.password_hash;
}

async function counts(): Promise<{ admins: number; audit: number }> {
  const [rows] = await api.db.query('SELECT (SELECT count(*) FROM admins)::int AS admins, (SELECT count(*) FROM audit_logs)::int AS audit');
  return (rows as { admins: number; audit: number }[])[0]!;
}

async function latestAudit(): Promise<AuditEntry> {
  const response = await api.request<AuditEntry[]>('GET', '/api/admin/audit-log?limit=1', undefined, token);
  expect(response.status).toBe(200);
  return response.body[0]!;
}

/** No password, hash or bcrypt string anywhere in a response or audit entry. */
function expectNoSecrets(value: unknown, password?: string) {
  const text = JSON.stringify(value);
  expect(text).not.toMatch(/\$2[aby]\$\d\d\$/);
  expect(text).not.toMatch(/passwordHash|password_hash/i);
  if (password) expect(text).not.toContain(password);
}

describe('GET /api/admin/admins', () => {
  it('lists the admins without secrets and sets X-Total-Count', async () => {
    const response = await adminsApi.list();
    expect(response.status).toBe(200);
    expect(response.headers.get('x-total-count')).toBe(String(response.body.length));
    const root = response.body.find((a) => a.username === ADMIN.username)!;
    expect(root).toEqual({
      id: rootId,
      email: ADMIN.email,
      username: ADMIN.username,
      createdAt: expect.any(String),
      role: 'owner',
      twoFactorEnabled: false,
    });
    expect(Number.isNaN(Date.parse(root.createdAt))).toBe(false);
    expectNoSecrets(response.body, ADMIN.password);
  });

  it('pages with limit and offset in id order while X-Total-Count stays the full count', async () => {
    for (let i = 0; i < 3; i++) await createOk();
    const all = (await adminsApi.list()).body;
    expect(all.length).toBeGreaterThanOrEqual(4);
    expect(all.map((a) => a.id)).toEqual([...all.map((a) => a.id)].sort((a, b) => a - b));

    const page = await adminsApi.list('?limit=2&offset=1');
    expect(page.status).toBe(200);
    expect(page.body.map((a) => a.id)).toEqual(all.slice(1, 3).map((a) => a.id));
    expect(page.headers.get('x-total-count')).toBe(String(all.length));

    const pastTheEnd = await adminsApi.list(`?offset=${all.length}`);
    expect(pastTheEnd.body).toEqual([]);
    expect(pastTheEnd.headers.get('x-total-count')).toBe(String(all.length));
  });

  it('accepts the largest limit, 1000', async () => {
    expect((await adminsApi.list('?limit=1000')).status).toBe(200);
  });

  it.each([
    ['a limit above 1000', '?limit=1001', 'limit'],
    ['a zero limit', '?limit=0', 'limit'],
    ['a negative limit', '?limit=-5', 'limit'],
    ['a limit that is not a number', '?limit=abc', 'limit'],
    ['a fractional limit', '?limit=1.5', 'limit'],
    ['a repeated limit', '?limit=1&limit=2', 'limit'],
    ['a negative offset', '?offset=-1', 'offset'],
    ['an offset that is not a number', '?offset=ten', 'offset'],
    ['an offset beyond any id', '?offset=99999999999', 'offset'],
  ])('refuses %s with 400 on that parameter', async (_case, query, field) => {
    const response = await adminsApi.list(query);
    expect(response.status).toBe(400);
    expect(response.body.errors).toHaveProperty([field]);
    expect(response.headers.get('x-total-count')).toBeNull();
  });
});

describe('POST /api/admin/admins', () => {
  it('creates an admin: 201 with the admin and never the password', async () => {
    const form = newAdmin();
    const response = await adminsApi.create(form);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(Number),
      email: form.email,
      username: form.username,
      createdAt: expect.any(String),
      role: 'operator',
      twoFactorEnabled: false,
    });
    expectNoSecrets(response.body, form.password);
    expect((await adminsApi.list('?limit=1000')).body).toContainEqual(response.body);
  });

  // At the server's own cost (10 or more): admin-password-cost.test.ts; this server hashes at the tests' cost.
  it('stores the password only as a bcrypt hash', async () => {
    const { form, admin } = await createOk();
    const hash = await storedHash(admin.id);
    expect(hash).not.toContain(form.password);
    expect(hash).toMatch(/^\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}$/);
    expect(await loginStatus(form.username, form.password)).toBe(200);
  });

  it('lets the new admin log in and use the admin API', async () => {
    const { form } = await createOk();
    const newToken = await api.login(form.username, form.password);
    expect((await api.request('GET', '/api/admin/stats', undefined, newToken)).status).toBe(200);
  });

  it('trims the username and email it stores', async () => {
    const form = newAdmin();
    const response = await adminsApi.create({ ...form, username: `  ${form.username}  `, email: ` ${form.email} ` });
    expect(response.status).toBe(201);
    expect(response.body.username).toBe(form.username);
    expect(response.body.email).toBe(form.email);
  });

  it.each([
    ['without a password', { password: undefined }],
    ['with an empty password', { password: '' }],
  ])('refuses an admin %s with 400 on password, creating nothing', async (_case, overrides) => {
    const before = await counts();
    const response = await adminsApi.create(newAdmin(overrides));
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ password: MESSAGES.passwordRequiredForNewAdmin });
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['a missing email', { email: undefined }, 'email', 'Valid email is required', 'validEmailRequired'],
    ['an empty email', { email: '' }, 'email', 'Valid email is required', 'validEmailRequired'],
    ['an invalid email', { email: 'not-an-email' }, 'email', 'Valid email is required', 'validEmailRequired'],
    ['an email without a domain', { email: 'someone@' }, 'email', 'Valid email is required', 'validEmailRequired'],
    ['a missing username', { username: undefined }, 'username', 'Username is required', 'usernameRequired'],
    ['an empty username', { username: '' }, 'username', 'Username is required', 'usernameRequired'],
    ['a blank username', { username: '    ' }, 'username', 'Username is required', 'usernameRequired'],
    ['a 5-character password', { password: '12345' }, 'password', 'Password must be at least 6 characters', 'passwordTooShort'],
  ])('refuses %s with its message', async (_case, overrides, field, message, code) => {
    const before = await counts();
    const response = await adminsApi.create(newAdmin(overrides));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message, code, errors: { [field]: message }, errorCodes: { [field]: { code } } });
    expect(await counts()).toEqual(before);
  });

  it('accepts a password of exactly 6 characters', async () => {
    const { form } = await createOk({ password: '123456' });
    expect(await loginStatus(form.username, '123456')).toBe(200);
  });

  it.each([
    ['a numeric username', { username: 42 }, 'username'],
    ['an object email', { email: { $ne: '' } }, 'email'],
    ['an array password', { password: ['secret-1'] }, 'password'],
    ['a 51-character username', { username: 'u'.repeat(51) }, 'username'],
    ['a 73-byte password (bcrypt would ignore the rest)', { password: 'p'.repeat(73) }, 'password'],
    ['an extra field', { isSuperAdmin: true }, 'isSuperAdmin'],
    ['an id of its own choosing', { id: 999 }, 'id'],
  ])('refuses %s with a 400 on that field', async (_case, overrides, field) => {
    const before = await counts();
    const response = await adminsApi.create(newAdmin(overrides));
    expect(response.status).toBe(400);
    expect(response.body.errors).toHaveProperty([field]);
    expect(await counts()).toEqual(before);
  });

  it('refuses a NUL character in the username with 400 instead of storing something else', async () => {
    const before = await counts();
    const response = await adminsApi.create(newAdmin({ username: 'nul\u0000admin' }));
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ username: noNulMessage('Username') });
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['the same username', () => newAdmin({ username: ADMIN.username })],
    ['the username in other case', () => newAdmin({ username: ADMIN.username.toUpperCase() })],
  ])('refuses %s with 409 on username, creating nothing', async (_case, form) => {
    const before = await counts();
    const response = await adminsApi.create(form());
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      message: MESSAGES.usernameTaken,
      code: 'usernameTaken',
      errors: { username: MESSAGES.usernameTaken },
      errorCodes: { username: { code: 'usernameTaken' } },
    });
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['the same email', () => newAdmin({ email: ADMIN.email })],
    ['the email in other case', () => newAdmin({ email: ADMIN.email.toUpperCase() })],
  ])('refuses %s with 409 on email, creating nothing', async (_case, form) => {
    const before = await counts();
    const response = await adminsApi.create(form());
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      message: MESSAGES.emailTaken,
      code: 'emailTaken',
      errors: { email: MESSAGES.emailTaken },
      errorCodes: { email: { code: 'emailTaken' } },
    });
    expect(await counts()).toEqual(before);
  });
});

describe('PUT /api/admin/admins/{id}', () => {
  it('changes email and username, keeping the password when it is sent blank', async () => {
    const { form, admin } = await createOk();
    const hashBefore = await storedHash(admin.id);
    const changed = { email: `renamed-${form.email}`, username: `renamed-${form.username}` };
    const response = await adminsApi.update(admin.id, { ...changed, password: '' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...admin, ...changed });
    expectNoSecrets(response.body);
    expect(await storedHash(admin.id)).toBe(hashBefore);
    expect(await loginStatus(changed.username, form.password)).toBe(200);
    expect(await loginStatus(form.username, form.password)).toBe(401);
  });

  it('keeps the password when the field is left out', async () => {
    const { form, admin } = await createOk();
    const response = await adminsApi.update(admin.id, { email: form.email, username: form.username });
    expect(response.status).toBe(200);
    expect(await loginStatus(form.username, form.password)).toBe(200);
  });

  it('sets a new password: the new one logs in, the old one no longer does', async () => {
    const { form, admin } = await createOk();
    const response = await adminsApi.update(admin.id, { email: form.email, username: form.username, password: 'brand-new-pw' });
    expect(response.status).toBe(200);
    expectNoSecrets(response.body, 'brand-new-pw');
    expect(await loginStatus(form.username, 'brand-new-pw')).toBe(200);
    expect(await loginStatus(form.username, form.password)).toBe(401);
    expect(await storedHash(admin.id)).toMatch(/^\$2[aby]\$\d\d\$/);
  });

  it('refuses a too-short new password with its message', async () => {
    const { form, admin } = await createOk();
    const response = await adminsApi.update(admin.id, { email: form.email, username: form.username, password: 'abc' });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ password: 'Password must be at least 6 characters' });
    expect(await loginStatus(form.username, form.password)).toBe(200);
  });

  it("refuses another admin's username or email (any case) with 409 and leaves the admin unchanged", async () => {
    const { form, admin } = await createOk();
    const takenName = await adminsApi.update(admin.id, { email: form.email, username: ADMIN.username.toUpperCase() });
    expect(takenName.status).toBe(409);
    expect(takenName.body.errors).toEqual({ username: MESSAGES.usernameTaken });
    const takenEmail = await adminsApi.update(admin.id, { email: ADMIN.email, username: form.username });
    expect(takenEmail.status).toBe(409);
    expect(takenEmail.body.errors).toEqual({ email: MESSAGES.emailTaken });
    expect((await adminsApi.list('?limit=1000')).body.find((a) => a.id === admin.id)).toEqual(admin);
  });

  it('lets an admin change the case of their own username', async () => {
    const { form, admin } = await createOk();
    const response = await adminsApi.update(admin.id, { email: form.email, username: form.username.toUpperCase() });
    expect(response.status).toBe(200);
    expect(response.body.username).toBe(form.username.toUpperCase());
  });

  it('refuses a NUL character in the new username with 400, never 500, and keeps the admin', async () => {
    const { form, admin } = await createOk();
    const response = await adminsApi.update(admin.id, { email: form.email, username: 'renamed\u0000admin' });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ username: noNulMessage('Username') });
    expect((await adminsApi.list('?limit=1000')).body.find((a) => a.id === admin.id)).toEqual(admin);
  });

  it('answers 404 for an unknown admin', async () => {
    const response = await adminsApi.update(999999, newAdmin());
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: MESSAGES.adminNotFound, code: 'adminNotFound' });
  });

  it.each(['abc', '-1', '0', '1.5', '99999999999', '1e3', '0x10'])('refuses the id %s with 400', async (id) => {
    const response = await adminsApi.update(id, newAdmin());
    expect(response.status).toBe(400);
    expect(response.body.errors).toHaveProperty('id');
  });

  it('validates the body like creation does', async () => {
    const { admin } = await createOk();
    const response = await adminsApi.update(admin.id, { email: 'nope', username: '' });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ email: 'Valid email is required', username: 'Username is required' });
  });
});

describe('DELETE /api/admin/admins/{id}', () => {
  it('deletes an admin (204): they can no longer log in and leave the list', async () => {
    const { form, admin } = await createOk();
    const response = await adminsApi.remove(admin.id);
    expect(response.status).toBe(204);
    expect(response.body).toBeUndefined();
    expect(await loginStatus(form.username, form.password)).toBe(401);
    expect((await adminsApi.list('?limit=1000')).body.map((a) => a.id)).not.toContain(admin.id);
    const [rows] = await api.db.query('SELECT id FROM admins WHERE id = :id', { replacements: { id: admin.id } });
    expect(rows).toEqual([]);
  });

  it('frees the username and email of a deleted admin', async () => {
    const { form, admin } = await createOk();
    await adminsApi.remove(admin.id);
    expect((await adminsApi.create(form)).status).toBe(201);
  });

  it('refuses to delete yourself with 409', async () => {
    const before = await counts();
    const response = await adminsApi.remove(rootId);
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: MESSAGES.cannotDeleteSelf, code: 'cannotDeleteSelf' });
    expect(await counts()).toEqual(before);
    expect(await loginStatus(ADMIN.username, ADMIN.password)).toBe(200);
  });

  it('lets neither of two owners deleting each other at the same time do it alone: each only asks', async () => {
    const one = await ownerOk();
    const two = await ownerOk();
    const [tokenOne, tokenTwo] = [
      await api.login(one.form.username, one.form.password),
      await api.login(two.form.username, two.form.password),
    ];
    const [oneDeletesTwo, twoDeletesOne] = await Promise.all([
      api.request('DELETE', `/api/admin/admins/${two.admin.id}`, undefined, tokenOne),
      api.request('DELETE', `/api/admin/admins/${one.admin.id}`, undefined, tokenTwo),
    ]);
    // With two or more owners, removing another owner waits for another owner's approval (DESIGN 17).
    expect([oneDeletesTwo.status, twoDeletesOne.status]).toEqual([202, 202]);
    expect(oneDeletesTwo.body.changeRequest).toMatchObject({ kind: 'admin.remove', target: { id: two.admin.id }, status: 'pending' });
    const remaining = (await adminsApi.list('?limit=1000')).body.map((a) => a.id);
    expect(remaining.filter((id) => id === one.admin.id || id === two.admin.id)).toHaveLength(2);
  });

  it('answers 404 for an unknown admin', async () => {
    const response = await adminsApi.remove(999999);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: MESSAGES.adminNotFound, code: 'adminNotFound' });
  });

  it.each(['abc', '-1', '1.5', '99999999999'])('refuses the id %s with 400', async (id) => {
    const response = await adminsApi.remove(id);
    expect(response.status).toBe(400);
  });
});

describe('the audit log of admin changes', () => {
  let auditCountBefore: number;
  beforeEach(async () => {
    auditCountBefore = (await counts()).audit;
  });

  const actor = () => ({ adminId: rootId, adminUsername: ADMIN.username });

  it('records a creation: who, what, and the new admin without a password', async () => {
    const { form, admin } = await createOk();
    const entry = await latestAudit();
    expect(entry).toMatchObject({ ...actor(), action: 'admin.create', entityType: 'admin', entityId: String(admin.id) });
    expect(entry.before).toBeNull();
    expect(entry.after).toMatchObject({ id: admin.id, email: form.email, username: form.username });
    expect(Number.isNaN(Date.parse(entry.createdAt))).toBe(false);
    expectNoSecrets(entry, form.password);
    expect((await counts()).audit).toBe(auditCountBefore + 1);
  });

  it('records an update with before and after', async () => {
    const { form, admin } = await createOk();
    await adminsApi.update(admin.id, { email: form.email, username: `${form.username}-x` });
    const entry = await latestAudit();
    expect(entry).toMatchObject({ ...actor(), entityType: 'admin', entityId: String(admin.id) });
    expect(entry.action).toMatch(/^admin\.update/);
    expect(entry.before).toMatchObject({ username: form.username });
    expect(entry.after).toMatchObject({ username: `${form.username}-x` });
  });

  it('records a password change without the old or new password or either hash', async () => {
    const { form, admin } = await createOk();
    const oldHash = await storedHash(admin.id);
    await adminsApi.update(admin.id, { email: form.email, username: form.username, password: 'audited-secret-pw' });
    const entry = await latestAudit();
    expect(entry.action).toMatch(/^admin\.update/);
    expect(entry.entityId).toBe(String(admin.id));
    expectNoSecrets(entry, 'audited-secret-pw');
    expectNoSecrets(entry, form.password);
    expect(JSON.stringify(entry)).not.toContain(oldHash);
    expect(JSON.stringify(entry)).not.toContain(await storedHash(admin.id));
  });

  it('records a deletion with the admin as it was', async () => {
    const { form, admin } = await createOk();
    await adminsApi.remove(admin.id);
    const entry = await latestAudit();
    expect(entry).toMatchObject({ ...actor(), action: 'admin.delete', entityType: 'admin', entityId: String(admin.id) });
    expect(entry.before).toMatchObject({ id: admin.id, username: form.username, email: form.email });
    expectNoSecrets(entry, form.password);
  });

  it('names the admin who made the change, not root, when another admin acts', async () => {
    const { form, admin } = await ownerOk();
    const theirToken = await api.login(form.username, form.password);
    const created = await api.request<AdminJson>(
      'POST',
      '/api/admin/admins',
      { ...newAdmin(), currentPassword: form.password },
      theirToken,
    );
    expect(created.status).toBe(201);
    const entry = await latestAudit();
    expect(entry).toMatchObject({
      adminId: admin.id,
      adminUsername: form.username,
      action: 'admin.create',
      entityId: String(created.body.id),
    });
  });

  it('writes nothing for a refused change', async () => {
    await adminsApi.create(newAdmin({ username: ADMIN.username }));
    await adminsApi.update(999999, newAdmin());
    await adminsApi.remove(rootId);
    await adminsApi.create(newAdmin({ email: 'bad' }));
    expect((await counts()).audit).toBe(auditCountBefore);
  });

  it('lists newest first, pages, and sets X-Total-Count', async () => {
    const response = await api.request<AuditEntry[]>('GET', '/api/admin/audit-log?limit=2&offset=0', undefined, token);
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(2);
    expect(response.headers.get('x-total-count')).toBe(String(auditCountBefore));
    expect(response.body[0]!.id).toBeGreaterThan(response.body[1]!.id);
    expect((await api.request('GET', '/api/admin/audit-log?limit=5000', undefined, token)).status).toBe(400);
  });

  it('never shows a password or hash anywhere in the whole log', async () => {
    const response = await api.request<AuditEntry[]>('GET', '/api/admin/audit-log?limit=1000', undefined, token);
    expect(response.body.length).toBeGreaterThan(5);
    expectNoSecrets(response.body, ADMIN.password);
    expect(JSON.stringify(response.body)).not.toMatch(/password-\d+/);
  });
});
