import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Admin } from '@stakedesk/shared/api-types';
import { BCRYPT_COST } from '../access/passwords.js';
import { STEP_UP, startTestServer, type TestServer } from '../test/test-server.js';

// The other suites' servers hash at the tests' cheap cost; this one at the server's own, as production does.
let api: TestServer;
let token: string;
beforeAll(async () => {
  api = await startTestServer({ passwordCost: BCRYPT_COST });
  token = await api.login();
});
afterAll(() => api.close());

async function storedHash(id: number): Promise<string> {
  const [rows] = await api.db.query('SELECT password_hash FROM admins WHERE id = :id', { replacements: { id } });
  return (rows as { password_hash: string }[])[0]!.password_hash;
}

it("stores a new admin's password, and a changed one, only as a bcrypt hash with cost 10 or more", async () => {
  const form = { username: 'costly', email: 'costly@example.com', password: 'first-password' };
  const created = await api.request<Admin>('POST', '/api/admin/admins', { ...STEP_UP, ...form }, token);
  expect(created.status).toBe(201);
  const first = await storedHash(created.body.id);
  expect(first).not.toContain(form.password);
  expect(bcrypt.getRounds(first)).toBeGreaterThanOrEqual(10);

  const changed = await api.request(
    'PUT',
    `/api/admin/admins/${created.body.id}`,
    { ...STEP_UP, ...form, password: 'second-password' },
    token,
  );
  expect(changed.status).toBe(200);
  const second = await storedHash(created.body.id);
  expect(second).not.toBe(first);
  expect(bcrypt.getRounds(second)).toBeGreaterThanOrEqual(10);
  expect((await api.request('POST', '/api/admin/login', { username: form.username, password: 'second-password' })).status).toBe(200);
});
