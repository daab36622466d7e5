import { createHash } from 'node:crypto';
import { URI } from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminMe, AuditLogEntry, RecoveryCodesResponse, TwoFactorSetupResponse } from '@stakedesk/shared/api-types';
import { MESSAGES } from '@stakedesk/shared/messages';
import { RECOVERY_CODE } from '@stakedesk/shared/schemas';
import { randomWallet, startTestServer, STEP_UP, type TestServer } from '../test/test-server.js';
import { adminWithRole, codeAt, enrol, loginWith, useTestClock } from '../test/two-factor.js';

let api: TestServer;
let rootToken: string;
let clock: ReturnType<typeof useTestClock>;

beforeAll(async () => {
  api = await startTestServer();
  rootToken = await api.login();
  clock = useTestClock();
});
afterAll(async () => {
  vi.useRealTimers();
  await api.close();
});
// Every test starts in a time step no earlier test used a code of.
afterEach(() => clock.nextStep());

async function storedAdmin(id: number) {
  const [rows] = await api.db.query(
    'SELECT two_factor_enabled, two_factor_secret, two_factor_pending_secret, two_factor_last_step FROM admins WHERE id = :id',
    { replacements: { id } },
  );
  return (rows as Record<string, unknown>[])[0]!;
}

async function recoveryRows(adminId: number): Promise<{ code_hash: string; used_at: Date | null }[]> {
  const [rows] = await api.db.query('SELECT code_hash, used_at FROM admin_recovery_codes WHERE admin_id = :adminId', {
    replacements: { adminId },
  });
  return rows as { code_hash: string; used_at: Date | null }[];
}

const me = (token: string) => api.request<AdminMe>('GET', '/api/admin/me', undefined, token);

describe('enrolment', () => {
  it('answers a base32 secret and the otpauth URL an authenticator app reads (TOTP, SHA-1, 6 digits, 30 s)', async () => {
    const admin = await adminWithRole(api, rootToken, 'operator', 'enrol-url');
    const response = await api.request<TwoFactorSetupResponse>('POST', '/api/admin/me/two-factor/setup', {}, admin.token);
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['otpauthUrl', 'secret']);
    expect(response.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const parsed = URI.parse(response.body.otpauthUrl);
    expect(parsed).toMatchObject({ label: 'enrol-url', algorithm: 'SHA1', digits: 6, period: 30 });
    expect(parsed.issuer).toMatch(/^Stakedesk/);
    expect(parsed.secret.base32).toBe(response.body.secret);
  });

  it('makes a new secret each call until two-factor is on, and keeps the pending one encrypted', async () => {
    const admin = await adminWithRole(api, rootToken, 'viewer', 'enrol-again');
    const first = (await api.request<TwoFactorSetupResponse>('POST', '/api/admin/me/two-factor/setup', {}, admin.token)).body;
    const second = (await api.request<TwoFactorSetupResponse>('POST', '/api/admin/me/two-factor/setup', {}, admin.token)).body;
    expect(second.secret).not.toBe(first.secret);
    const stored = await storedAdmin(admin.id);
    expect(stored.two_factor_enabled).toBe(false);
    expect(String(stored.two_factor_pending_secret)).toMatch(/^v1:/);
    expect(String(stored.two_factor_pending_secret)).not.toContain(second.secret);
    // The first secret is gone: its code does not enable.
    const stale = await api.request('POST', '/api/admin/me/two-factor/enable', { code: codeAt(first.secret) }, admin.token);
    expect(stale.status).toBe(400);
    expect(stale.body).toEqual({
      message: MESSAGES.twoFactorCodeWrong,
      code: 'twoFactorCodeWrong',
      errors: { code: MESSAGES.twoFactorCodeWrong },
      errorCodes: { code: { code: 'twoFactorCodeWrong' } },
    });
  });

  it('refuses to enable without a setup (409) or with a wrong code (400), and stays off', async () => {
    const admin = await adminWithRole(api, rootToken, 'operator', 'enrol-wrong');
    const noSetup = await api.request('POST', '/api/admin/me/two-factor/enable', { code: '123456' }, admin.token);
    expect(noSetup.status).toBe(409);
    expect(noSetup.body).toEqual({ message: MESSAGES.twoFactorNoSetup, code: 'twoFactorNoSetup' });
    const { secret } = (await api.request<TwoFactorSetupResponse>('POST', '/api/admin/me/two-factor/setup', {}, admin.token)).body;
    const right = codeAt(secret);
    const wrong = right === '000000' ? '000001' : '000000';
    expect((await api.request('POST', '/api/admin/me/two-factor/enable', { code: wrong }, admin.token)).status).toBe(400);
    expect((await api.request('POST', '/api/admin/me/two-factor/enable', { code: 'abcde-12345' }, admin.token)).status).toBe(400);
    expect((await me(admin.token)).body.twoFactorEnabled).toBe(false);
    expect(await recoveryRows(admin.id)).toEqual([]);
    expect((await loginWith(api, { username: admin.username, password: admin.password })).status).toBe(200);
  });

  it('turns two-factor on with a current code: ten single-use recovery codes, shown once, stored hashed, and a new session', async () => {
    const admin = await adminWithRole(api, rootToken, 'operator', 'enrol-ok');
    const { secret } = (await api.request<TwoFactorSetupResponse>('POST', '/api/admin/me/two-factor/setup', {}, admin.token)).body;
    const response = await api.request<RecoveryCodesResponse>(
      'POST',
      '/api/admin/me/two-factor/enable',
      { code: codeAt(secret) },
      admin.token,
    );
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['expiresAt', 'recoveryCodes', 'token']);
    const codes = response.body.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(RECOVERY_CODE);
    // Both the session it was enabled from and the new one work; the admin now shows two-factor on.
    expect((await me(admin.token)).body).toMatchObject({ id: admin.id, role: 'operator', twoFactorEnabled: true });
    expect((await me(response.body.token)).status).toBe(200);
    const listed = (await api.request('GET', '/api/admin/admins?limit=1000', undefined, rootToken)).body.find(
      (a: { id: number }) => a.id === admin.id,
    );
    expect(listed).toMatchObject({ twoFactorEnabled: true });

    const rows = await recoveryRows(admin.id);
    expect(rows).toHaveLength(10);
    const stored = JSON.stringify(rows) + JSON.stringify(await storedAdmin(admin.id));
    for (const code of codes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(createHash('sha256').update(code).digest('hex'));
    }
    expect(stored).not.toContain(secret);

    // Never returned again: setup refuses, nothing else carries it.
    const again = await api.request('POST', '/api/admin/me/two-factor/setup', {}, admin.token);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: MESSAGES.twoFactorAlreadyEnabled, code: 'twoFactorAlreadyEnabled' });
    clock.nextStep();
    const reEnable = await api.request('POST', '/api/admin/me/two-factor/enable', { code: codeAt(secret) }, admin.token);
    expect(reEnable.status).toBe(409);
  });

  it('enables all or nothing: when the recovery codes cannot be written, two-factor stays off', async () => {
    const admin = await adminWithRole(api, rootToken, 'operator', 'enrol-atomic');
    const { secret } = (await api.request<TwoFactorSetupResponse>('POST', '/api/admin/me/two-factor/setup', {}, admin.token)).body;
    await api.db.query(`
      CREATE FUNCTION refuse_codes() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected failure'; END $$;
      CREATE TRIGGER refuse_codes BEFORE INSERT ON admin_recovery_codes FOR EACH ROW EXECUTE FUNCTION refuse_codes();
    `);
    try {
      const failed = await api.request('POST', '/api/admin/me/two-factor/enable', { code: codeAt(secret) }, admin.token);
      expect(failed.status).toBe(500);
    } finally {
      await api.db.query('DROP TRIGGER refuse_codes ON admin_recovery_codes; DROP FUNCTION refuse_codes();');
    }
    const stored = await storedAdmin(admin.id);
    expect(stored).toMatchObject({ two_factor_enabled: false, two_factor_secret: null, two_factor_last_step: null });
    expect(stored.two_factor_pending_secret).not.toBeNull();
    expect(await recoveryRows(admin.id)).toEqual([]);
    // The same setup still completes once the database accepts the codes.
    expect((await api.request('POST', '/api/admin/me/two-factor/enable', { code: codeAt(secret) }, admin.token)).status).toBe(200);
  });

  it.each([
    ['no code', {}, MESSAGES.twoFactorCodeRequired],
    ['a number', { code: 123456 }, 'Code must be text'],
    ['5 digits', { code: '12345' }, MESSAGES.twoFactorCodeFormat],
    ['a 10 KB string', { code: '1'.repeat(10_000) }, undefined],
    ['an extra field', { code: '123456', secret: 'AAAA' }, undefined],
  ])('refuses %s with a 400 on that field, never a 500', async (_case, body, message) => {
    const response = await api.request('POST', '/api/admin/me/two-factor/enable', body, rootToken);
    expect(response.status).toBe(400);
    const field = Object.keys(body).find((key) => key !== 'code') ?? 'code';
    expect(response.body.errors).toHaveProperty([field]);
    if (message) expect(response.body.errors.code).toBe(message);
  });
});

describe('signing in with two-factor', () => {
  let admin: Awaited<ReturnType<typeof adminWithRole>>;
  let enrolled: Awaited<ReturnType<typeof enrol>>;
  const credentials = () => ({ username: admin.username, password: admin.password });

  beforeAll(async () => {
    admin = await adminWithRole(api, rootToken, 'operator', 'signs-in');
    enrolled = await enrol(api, admin.token);
  });
  afterEach(async () => {
    await api.db.query('DELETE FROM admin_login_failures');
  });

  it('asks for the code after the right password: 401 with twoFactorRequired, and no token', async () => {
    const response = await loginWith(api, credentials());
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: MESSAGES.twoFactorCodeRequired, code: 'twoFactorCodeRequired', twoFactorRequired: true });
  });

  it('refuses a wrong code with 401 and twoFactorRequired', async () => {
    const right = codeAt(enrolled.secret);
    const response = await loginWith(api, { ...credentials(), code: right === '999999' ? '999998' : '999999' });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: MESSAGES.twoFactorCodeWrong, code: 'twoFactorCodeWrong', twoFactorRequired: true });
  });

  it('does not say a code is needed when the password is wrong, even with the right code', async () => {
    const response = await loginWith(api, { username: admin.username, password: 'not the password', code: codeAt(enrolled.secret) });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: MESSAGES.invalidCredentials, code: 'invalidCredentials' });
  });

  it('signs in with the password and a current code, answering the role', async () => {
    const response = await loginWith(api, { ...credentials(), code: codeAt(enrolled.secret) });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ token: expect.any(String), expiresAt: expect.any(String), role: 'operator' });
    expect((await me(response.body.token)).status).toBe(200);
  });

  it('accepts a code typed with spaces', async () => {
    const code = codeAt(enrolled.secret);
    expect((await loginWith(api, { ...credentials(), code: `${code.slice(0, 3)} ${code.slice(3)}` })).status).toBe(200);
  });

  it('refuses a replayed code: the same time step is accepted once', async () => {
    const code = codeAt(enrolled.secret);
    expect((await loginWith(api, { ...credentials(), code })).status).toBe(200);
    const replay = await loginWith(api, { ...credentials(), code });
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ message: MESSAGES.twoFactorCodeWrong, code: 'twoFactorCodeWrong', twoFactorRequired: true });
  });

  it('lets exactly one of two sign-ins sent at once with the same code through', async () => {
    const code = codeAt(enrolled.secret);
    const answers = await Promise.all([loginWith(api, { ...credentials(), code }), loginWith(api, { ...credentials(), code })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
  });

  it('accepts one step of clock drift either side, not two, and never a step before one already used', async () => {
    // Two steps after the last code used, so the step before now is unused.
    clock.nextStep();
    clock.nextStep();
    const now = Date.now();
    expect((await loginWith(api, { ...credentials(), code: codeAt(enrolled.secret, now - 60_000) })).status).toBe(401);
    expect((await loginWith(api, { ...credentials(), code: codeAt(enrolled.secret, now + 60_000) })).status).toBe(401);
    expect((await loginWith(api, { ...credentials(), code: codeAt(enrolled.secret, now - 30_000) })).status).toBe(200);
    expect((await loginWith(api, { ...credentials(), code: codeAt(enrolled.secret, now + 30_000) })).status).toBe(200);
    // The step after now is used: now's own code is earlier, so refused.
    expect((await loginWith(api, { ...credentials(), code: codeAt(enrolled.secret, now) })).status).toBe(401);
    clock.nextStep(); // now + 30 s was used
  });

  it('accepts a recovery code once, in any case and with spaces, and audits how the admin signed in', async () => {
    const code = enrolled.recoveryCodes[0]!;
    const first = await loginWith(api, { ...credentials(), code: ` ${code.toUpperCase()} ` });
    expect(first.status).toBe(200);
    const again = await loginWith(api, { ...credentials(), code });
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ message: MESSAGES.twoFactorCodeWrong, code: 'twoFactorCodeWrong', twoFactorRequired: true });
    const [rows] = await api.db.query(
      `SELECT action, after FROM audit_logs WHERE admin_id = :id AND action = 'admin.login' ORDER BY id DESC LIMIT 1`,
      {
        replacements: { id: admin.id },
      },
    );
    expect(rows).toEqual([{ action: 'admin.login', after: { method: 'recovery_code', recoveryCodesLeft: 9 } }]);
  });

  it('spends a recovery code once even when two sign-ins send it at once', async () => {
    const code = enrolled.recoveryCodes[1]!;
    const answers = await Promise.all([loginWith(api, { ...credentials(), code }), loginWith(api, { ...credentials(), code })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
  });

  it("refuses another admin's recovery code", async () => {
    const other = await adminWithRole(api, rootToken, 'viewer', 'other-codes');
    const theirs = await enrol(api, other.token);
    expect((await loginWith(api, { ...credentials(), code: theirs.recoveryCodes[0]! })).status).toBe(401);
  });

  it('audits a wrong code as a failed sign-in, without the code', async () => {
    const wrong = codeAt(enrolled.secret) === '424242' ? '424243' : '424242';
    await loginWith(api, { ...credentials(), code: wrong });
    const response = await api.request<AuditLogEntry[]>('GET', '/api/admin/audit-log?limit=1', undefined, rootToken);
    expect(response.body[0]).toMatchObject({
      adminId: admin.id,
      adminUsername: admin.username,
      action: 'admin.login_failed',
      after: { reason: 'code' },
    });
    expect(JSON.stringify(response.body[0])).not.toContain(wrong);
    expect(JSON.stringify(response.body[0])).not.toContain(admin.password);
  });
});

describe('turning two-factor off', () => {
  it('needs the password and a current code (403 stepUpRequired otherwise), then signs in with the password alone', async () => {
    const admin = await adminWithRole(api, rootToken, 'operator', 'turns-off');
    const { secret, recoveryCodes } = await enrol(api, admin.token);
    clock.nextStep();
    const code = codeAt(secret);
    const missing = await api.request('POST', '/api/admin/me/two-factor/disable', { currentPassword: admin.password }, admin.token);
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ code: MESSAGES.twoFactorCodeRequired });
    const wrongPassword = await api.request(
      'POST',
      '/api/admin/me/two-factor/disable',
      { currentPassword: 'nope-nope', code },
      admin.token,
    );
    expect(wrongPassword.status).toBe(403);
    expect(wrongPassword.body).toEqual({ message: MESSAGES.stepUpWrong, code: 'stepUpWrong', stepUpRequired: true });
    const wrongCode = await api.request(
      'POST',
      '/api/admin/me/two-factor/disable',
      { currentPassword: admin.password, code: code === '111111' ? '111112' : '111111' },
      admin.token,
    );
    expect(wrongCode.status).toBe(403);
    expect(wrongCode.body).toEqual({ message: MESSAGES.stepUpWrong, code: 'stepUpWrong', stepUpRequired: true });
    expect((await me(admin.token)).body.twoFactorEnabled).toBe(true);

    const off = await api.request('POST', '/api/admin/me/two-factor/disable', { currentPassword: admin.password, code }, admin.token);
    expect(off.status).toBe(204);
    expect((await me(admin.token)).body.twoFactorEnabled).toBe(false);
    expect(await storedAdmin(admin.id)).toMatchObject({ two_factor_enabled: false, two_factor_secret: null });
    expect(await recoveryRows(admin.id)).toEqual([]);
    expect((await loginWith(api, { username: admin.username, password: admin.password })).status).toBe(200);
    expect((await loginWith(api, { username: admin.username, password: admin.password, code: recoveryCodes[0] })).status).toBe(200);
    const notOn = await api.request(
      'POST',
      '/api/admin/me/two-factor/disable',
      { currentPassword: admin.password, code: '123456' },
      admin.token,
    );
    expect(notOn.status).toBe(409);
    expect(notOn.body).toEqual({ message: MESSAGES.twoFactorNotEnabled, code: 'twoFactorNotEnabled' });
  });
});

describe('two-factor required for everyone', () => {
  const form = { tokenName: 'Test Token', tokenSymbol: 'TST', tokenContract: randomWallet(), stakingWallet: randomWallet() };
  const requireTwoFactor = (on: boolean, token = rootToken, extra: Record<string, unknown> = {}) =>
    api.request('PUT', '/api/admin/settings', { ...form, requireTwoFactor: on, ...extra }, token);

  beforeAll(async () => {
    expect((await api.request('PUT', '/api/admin/settings', { ...form, ...STEP_UP }, rootToken)).status).toBe(200);
  });

  /** Routes a setup-only session must not reach: reads, writes, the settings, the event stream. */
  const ELSEWHERE: Array<[string, string, unknown?]> = [
    ['GET', '/api/admin/stats'],
    ['GET', '/api/admin/settings'],
    ['GET', '/api/admin/admins'],
    ['POST', '/api/admin/staking-plans', {}],
    ['PUT', '/api/admin/settings', {}],
    ['GET', '/api/admin/stakes.csv'],
    ['GET', '/api/admin/events'],
  ];

  it('sends a not-enrolled admin to enrolment: the token opens /api/admin/me* only, until two-factor is on', async () => {
    const admin = await adminWithRole(api, rootToken, 'operator', 'policy');
    const later = await adminWithRole(api, rootToken, 'viewer', 'policy-later');
    // Root enrols first: the policy holds every admin, the owner who turns it on too.
    const rootEnrolment = await enrol(api, rootToken);
    rootToken = rootEnrolment.token;
    expect((await requireTwoFactor(true)).status).toBe(200);
    expect((await api.request('GET', '/api/admin/settings', undefined, rootToken)).body.requireTwoFactor).toBe(true);

    const login = await loginWith(api, { username: admin.username, password: admin.password });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({
      token: expect.any(String),
      expiresAt: expect.any(String),
      role: 'operator',
      twoFactorSetupRequired: true,
    });
    const limited = login.body.token;
    for (const token of [limited, admin.token]) {
      for (const [method, path, body] of ELSEWHERE) {
        const response = await api.request(method, path, body, token);
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(response.body).toEqual({
          message: MESSAGES.twoFactorSetupRequired,
          code: 'twoFactorSetupRequired',
          twoFactorSetupRequired: true,
        });
      }
    }
    expect((await me(limited)).body).toMatchObject({ username: admin.username, twoFactorEnabled: false });
    const enrolled = await enrol(api, limited);
    // The new session works everywhere; the one signed in before enrolment never does.
    expect((await api.request('GET', '/api/admin/stats', undefined, enrolled.token)).status).toBe(200);
    expect((await api.request('GET', '/api/admin/stats', undefined, admin.token)).status).toBe(200);
    expect((await api.request('GET', '/api/admin/stats', undefined, limited)).status).toBe(403);
    // The next sign-in needs the code, and is not limited.
    clock.nextStep();
    const next = await loginWith(api, { username: admin.username, password: admin.password, code: codeAt(enrolled.secret) });
    expect(next.body).toEqual({ token: expect.any(String), expiresAt: expect.any(String), role: 'operator' });

    // Turning the policy off is a step-up: the owner's password and code.
    clock.nextStep();
    const refused = await requireTwoFactor(false);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: MESSAGES.stepUpRequired, code: 'stepUpRequired', stepUpRequired: true });
    expect((await requireTwoFactor(false, rootToken, { ...STEP_UP, code: codeAt(rootEnrolment.secret) })).status).toBe(200);
    const afterwards = await loginWith(api, { username: later.username, password: later.password });
    expect(afterwards.body).toEqual({ token: expect.any(String), expiresAt: expect.any(String), role: 'viewer' });
    expect((await api.request('GET', '/api/admin/stats', undefined, later.token)).status).toBe(200);
  });
});
