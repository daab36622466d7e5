import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountThrottled, accountThrottledMessage } from '@stakedesk/shared/messages';
import { ADMIN, startTestServer, STEP_UP, type TestServer } from '../test/test-server.js';

let api: TestServer;

beforeAll(async () => {
  api = await startTestServer();
});
afterAll(() => api.close());
beforeEach(async () => {
  await api.sequelize.query('DELETE FROM admin_login_failures');
  await api.sequelize.query('DELETE FROM rate_limits');
});

const login = (username: string, password: string) => api.request('POST', '/api/admin/login', { username, password });

async function fail(username: string, times: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) statuses.push((await login(username, `wrong-guess-${i}`)).status);
  return statuses;
}

/** As if the running lock had just run out (the clock is PostgreSQL's: the record is moved instead). */
async function lockPasses(username: string): Promise<void> {
  await api.sequelize.query(`UPDATE admin_login_failures SET locked_until = now() - interval '1 second' WHERE username_key = :key`, {
    replacements: { key: username.toLowerCase() },
  });
}

function expectThrottled(response: { status: number; body: any; headers: Headers }, seconds: number) {
  expect(response.status).toBe(429);
  const retryAfter = response.body.retryAfter as number;
  // A second or two may pass between the lock starting and the answer.
  expect(retryAfter).toBeGreaterThanOrEqual(seconds - 3);
  expect(retryAfter).toBeLessThanOrEqual(seconds);
  const { code, params } = accountThrottled(retryAfter);
  expect(response.body).toEqual({ message: accountThrottledMessage(retryAfter), code, ...(params && { params }), retryAfter });
  expect(response.headers.get('retry-after')).toBe(String(retryAfter));
}

// The per-IP limit beside it: admin-auth.test.ts ('login brute force').
describe('the per-account login throttle', () => {
  it('answers 429 with retryAfter after 5 failed sign-ins in a row, even for the right password', async () => {
    expect(await fail(ADMIN.username, 5)).toEqual([401, 401, 401, 401, 401]);
    expectThrottled(await login(ADMIN.username, 'yet another guess'), 60);
    expectThrottled(await login(ADMIN.username, ADMIN.password), 60);
    expect(accountThrottledMessage(60)).toMatch(/Try again in 1 minute/);
  });

  it('does not count the attempts refused while throttled: the lock runs out on time', async () => {
    await fail(ADMIN.username, 5);
    for (let i = 0; i < 5; i++) expect((await login(ADMIN.username, ADMIN.password)).status).toBe(429);
    const [rows] = await api.sequelize.query('SELECT failures FROM admin_login_failures');
    expect(rows).toEqual([{ failures: 5 }]);
    await lockPasses(ADMIN.username);
    expect((await login(ADMIN.username, ADMIN.password)).status).toBe(200);
  });

  it('doubles the lock with each failure after one passes, up to 15 minutes', async () => {
    await fail(ADMIN.username, 5);
    expectThrottled(await login(ADMIN.username, ADMIN.password), 60);
    for (const seconds of [120, 240, 480, 900, 900]) {
      await lockPasses(ADMIN.username);
      expect((await login(ADMIN.username, 'still guessing')).status).toBe(401);
      expectThrottled(await login(ADMIN.username, ADMIN.password), seconds);
    }
  });

  it('starts again from nothing after a successful sign-in', async () => {
    await fail(ADMIN.username, 4);
    expect((await login(ADMIN.username, ADMIN.password)).status).toBe(200);
    expect(await api.sequelize.query('SELECT * FROM admin_login_failures').then(([rows]) => rows)).toEqual([]);
    expect(await fail(ADMIN.username, 4)).toEqual([401, 401, 401, 401]);
    expect((await login(ADMIN.username, ADMIN.password)).status).toBe(200);
  });

  it('throttles an unknown username exactly alike, so it tells nobody which usernames exist', async () => {
    expect(await fail('nobody-at-all', 5)).toEqual([401, 401, 401, 401, 401]);
    const unknown = await login('nobody-at-all', 'x-password');
    expectThrottled(unknown, 60);
    await api.sequelize.query('DELETE FROM admin_login_failures');
    await fail(ADMIN.username, 5);
    const known = await login(ADMIN.username, 'x-password');
    expect(Object.keys(known.body).sort()).toEqual(Object.keys(unknown.body).sort());
    expect(known.body.message).toBe(unknown.body.message);
  });

  it('counts a username in any case as the same account', async () => {
    await fail('ROOT', 3);
    await fail('Root', 2);
    expect((await login('root', ADMIN.password)).status).toBe(429);
  });

  it('slows one username only: another admin signs in meanwhile', async () => {
    await fail('someone-else', 6);
    expect((await login(ADMIN.username, ADMIN.password)).status).toBe(200);
  });

  it('lets no more than 5 of many guesses sent at once be checked, on any instance', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => login(ADMIN.username, `parallel-guess-${i}`)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
  });

  it('counts wrong passwords sent as a step-up: a stolen session cannot guess the password either', async () => {
    const token = await api.login();
    for (let i = 0; i < 5; i++) {
      const response = await api.request(
        'POST',
        '/api/admin/me/password',
        { currentPassword: `guess-${i}`, newPassword: 'attacker-pw' },
        token,
      );
      expect(response.status).toBe(403);
    }
    const sixth = await api.request(
      'POST',
      '/api/admin/me/password',
      { currentPassword: ADMIN.password, newPassword: 'attacker-pw' },
      token,
    );
    expectThrottled(sixth, 60);
    expect((await login(ADMIN.username, ADMIN.password)).status).toBe(429);
    await lockPasses(ADMIN.username);
    expect((await login(ADMIN.username, ADMIN.password)).status).toBe(200);
    // The settings step-up is held the same way.
    await fail(ADMIN.username, 5);
    const settings = await api.request(
      'PUT',
      '/api/admin/settings',
      {
        tokenName: 'T',
        tokenSymbol: 'T',
        tokenContract: '11111111111111111111111111111111',
        stakingWallet: '11111111111111111111111111111111',
        ...STEP_UP,
      },
      token,
    );
    expect(settings.status).toBe(429);
  });

  it('audits failures (admin id null for an unknown username), the lockout and the success, never a password', async () => {
    await api.sequelize.query('DELETE FROM audit_logs');
    await fail('ghost-user', 1);
    await fail(ADMIN.username, 5);
    await lockPasses(ADMIN.username);
    await login(ADMIN.username, ADMIN.password);
    const [rows] = await api.sequelize.query('SELECT admin_id, admin_username, action, entity_id, after FROM audit_logs ORDER BY id');
    expect(rows).toEqual([
      {
        admin_id: null,
        admin_username: 'ghost-user',
        action: 'admin.login_failed',
        entity_id: null,
        after: { reason: 'unknown username' },
      },
      ...Array(5).fill({
        admin_id: 1,
        admin_username: ADMIN.username,
        action: 'admin.login_failed',
        entity_id: '1',
        after: { reason: 'password' },
      }),
      { admin_id: 1, admin_username: ADMIN.username, action: 'admin.login_locked', entity_id: '1', after: { retryAfter: 60 } },
      { admin_id: 1, admin_username: ADMIN.username, action: 'admin.login', entity_id: '1', after: { method: 'password' } },
    ]);
    expect(JSON.stringify(rows)).not.toContain('wrong-guess');
    expect(JSON.stringify(rows)).not.toContain(ADMIN.password);
  });
});
