import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountThrottled, accountThrottledMessage } from '@stakedesk/shared/messages';
import { ADMIN, startTestServer, STEP_UP, type TestServer } from '../test/test-server.js';
import { adminWithRole, codeAt, enrol, useTestClock, type Enrolled } from '../test/two-factor.js';

let api: TestServer;

beforeAll(async () => {
  api = await startTestServer();
});
afterAll(() => api.close());
beforeEach(async () => {
  await api.db.query('DELETE FROM admin_login_failures');
  await api.db.query('DELETE FROM rate_limits');
});

const login = (username: string, password: string) => api.request('POST', '/api/admin/login', { username, password });

async function fail(username: string, times: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) statuses.push((await login(username, `wrong-guess-${i}`)).status);
  return statuses;
}

/** As if the running locks had just run out (the clock is PostgreSQL's: the records are moved instead). */
async function locksPass(): Promise<void> {
  await api.db.query(`UPDATE admin_login_failures SET locked_until = now() - interval '1 second' WHERE locked_until IS NOT NULL`);
}

function expectThrottled(response: { status: number; body: any; headers: Headers }, seconds: number) {
  expect(response.status).toBe(429);
  const retryAfter = response.body.retryAfter as number;
  // Some seconds may pass between the lock starting and the answer (bcrypt checks on a loaded machine).
  expect(retryAfter).toBeGreaterThanOrEqual(seconds - 10);
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
    const [rows] = await api.db.query('SELECT failures FROM admin_login_failures');
    expect(rows).toEqual([{ failures: 5 }]);
    await locksPass();
    expect((await login(ADMIN.username, ADMIN.password)).status).toBe(200);
  });

  it('doubles the lock with each failure after one passes, up to 15 minutes', async () => {
    await fail(ADMIN.username, 5);
    expectThrottled(await login(ADMIN.username, ADMIN.password), 60);
    for (const seconds of [120, 240, 480, 900, 900]) {
      await locksPass();
      expect((await login(ADMIN.username, 'still guessing')).status).toBe(401);
      expectThrottled(await login(ADMIN.username, ADMIN.password), seconds);
    }
  });

  it('starts again from nothing after a successful sign-in', async () => {
    await fail(ADMIN.username, 4);
    expect((await login(ADMIN.username, ADMIN.password)).status).toBe(200);
    expect(await api.db.query('SELECT * FROM admin_login_failures').then(([rows]) => rows)).toEqual([]);
    expect(await fail(ADMIN.username, 4)).toEqual([401, 401, 401, 401]);
    expect((await login(ADMIN.username, ADMIN.password)).status).toBe(200);
  });

  it('throttles an unknown username exactly alike, so it tells nobody which usernames exist', async () => {
    expect(await fail('nobody-at-all', 5)).toEqual([401, 401, 401, 401, 401]);
    const unknown = await login('nobody-at-all', 'x-password');
    expectThrottled(unknown, 60);
    await api.db.query('DELETE FROM admin_login_failures');
    await fail(ADMIN.username, 5);
    // The same answer as a function of the time left alone (timed apart, the two may be a few seconds apart).
    expectThrottled(await login(ADMIN.username, 'x-password'), 60);
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

  it("counts wrong step-up passwords apart: a stolen session cannot guess the password, nor lock its owner's sign-in", async () => {
    const token = await api.login();
    const changePassword = (currentPassword: string) =>
      api.request('POST', '/api/admin/me/password', { currentPassword, newPassword: 'attacker-pw' }, token);
    for (let i = 0; i < 5; i++) expect((await changePassword(`guess-${i}`)).status).toBe(403);
    expectThrottled(await changePassword(ADMIN.password), 60);
    // The owner still signs in, from anywhere.
    expect((await login(ADMIN.username, ADMIN.password)).status).toBe(200);
    // Once the lock passes the next guess is checked (and wrong, locks again, twice as long).
    await locksPass();
    expect((await changePassword('checked again')).status).toBe(403);
    // The settings step-up is held by the same count.
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
    await api.db.query('DELETE FROM audit_logs');
    await fail('ghost-user', 1);
    await fail(ADMIN.username, 5);
    await locksPass();
    await login(ADMIN.username, ADMIN.password);
    const [rows] = await api.db.query('SELECT admin_id, admin_username, action, entity_id, after FROM audit_logs ORDER BY id');
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

// An owner with two-factor whose username an attacker knows, and perhaps its password too.
describe('the throttle for an admin with two-factor', () => {
  let clock: ReturnType<typeof useTestClock>;
  let owner: Awaited<ReturnType<typeof adminWithRole>>;
  let enrolled: Enrolled;
  beforeAll(async () => {
    clock = useTestClock();
    owner = await adminWithRole(api, await api.login(), 'owner', 'careful-owner');
    enrolled = await enrol(api, owner.token);
  });
  afterAll(() => void vi.useRealTimers());
  // A TOTP code is accepted once per time step: each test starts in a fresh one.
  beforeEach(() => clock.nextStep());

  const signIn = (password: string, code?: string) =>
    api.request('POST', '/api/admin/login', { username: owner.username, password, ...(code === undefined ? {} : { code }) });
  const currentCode = () => codeAt(enrolled.secret);
  const wrongCode = () => (currentCode() === '000000' ? '111111' : '000000');
  const lastAuditId = async () =>
    ((await api.db.query('SELECT coalesce(max(id), 0)::int AS id FROM audit_logs'))[0] as { id: number }[])[0]!.id;
  /** How many codes were checked and found wrong (each is audited) since audit entry `id`. */
  const codeFailuresSince = async (id: number) =>
    (
      (
        await api.db.query(
          `SELECT count(*)::int AS n FROM audit_logs WHERE id > :id AND action = 'admin.login_failed' AND after->>'reason' = 'code'`,
          { replacements: { id } },
        )
      )[0] as { n: number }[]
    )[0]!.n;
  const held = async () => {
    for (let i = 0; i < 5; i++) expect((await signIn(`guess-${i}`)).status).toBe(401);
  };

  it('signs in with the right password and a current code while wrong passwords from anyone hold the username', async () => {
    await held();
    expectThrottled(await signIn('another guess', currentCode()), 60);
    const response = await signIn(owner.password, currentCode());
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ token: expect.any(String), role: 'owner' });
    // A success ends the count: the next wrong password is a plain 401 again.
    expect((await signIn('a fresh guess')).status).toBe(401);
  });

  it('signs in with a recovery code while the username is held', async () => {
    await held();
    expect((await signIn(owner.password, enrolled.recoveryCodes[0]!)).status).toBe(200);
  });

  it('while held, tells nothing about the password: the right one without a valid code gets the same 429 as a wrong one', async () => {
    await held();
    const wrong = await signIn('not it');
    const right = await signIn(owner.password);
    const rightWithWrongCode = await signIn(owner.password, wrongCode());
    // A current code with a wrong password: refused, and not spent (the owner still uses it).
    const code = currentCode();
    const wrongWithCode = await signIn('not it either', code);
    // The same answer as the lock's own, seconds apart.
    for (const answer of [wrong, right, rightWithWrongCode, wrongWithCode]) expectThrottled(answer, 60);
    expect((await signIn(owner.password, code)).status).toBe(200);
  });

  it('counts a wrong code sent with the right password: 5 pause codes, wherever they come from, and the owner keeps a recovery code', async () => {
    const before = await lastAuditId();
    for (let i = 0; i < 5; i++) {
      expect(await signIn(owner.password, wrongCode())).toMatchObject({ status: 401, body: { twoFactorRequired: true } });
    }
    // Codes are paused: a current one is not even checked, nor is any password.
    expectThrottled(await signIn(owner.password, currentCode()), 60);
    expectThrottled(await signIn('a guess'), 60);
    expect(await codeFailuresSince(before)).toBe(5);
    // A recovery code (about 52 random bits) is never guessed: it still gets the owner in, and that ends the pause.
    expect((await signIn(owner.password, enrolled.recoveryCodes[1]!)).status).toBe(200);
    clock.nextStep();
    expect((await signIn(owner.password, currentCode())).status).toBe(200);
  });

  it('cannot be used to guess codes while the username is held: wrong codes count there too', async () => {
    await held();
    for (let i = 0; i < 5; i++) expect((await signIn(owner.password, wrongCode())).status).toBe(429);
    // Five wrong codes were counted: now not even a current code is checked.
    expectThrottled(await signIn(owner.password, currentCode()), 60);
    expect((await signIn(owner.password, enrolled.recoveryCodes[2]!)).status).toBe(200);
  });

  it('lets no more than 5 of many wrong codes sent at once be checked', async () => {
    const before = await lastAuditId();
    const answers = await Promise.all(Array.from({ length: 12 }, () => signIn(owner.password, wrongCode())));
    expect(answers.every((a) => a.status === 401 || a.status === 429)).toBe(true);
    expect(await codeFailuresSince(before)).toBe(5);
    expectThrottled(await signIn(owner.password, currentCode()), 60);
  });
});
