import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TwoFactorSetupResponse } from '@stakedesk/shared/api-types';
import { createLogger } from '../logger.js';
import { ADMIN, randomWallet, startTestServer, type TestServer } from '../test/test-server.js';
import { codeAt, useTestClock } from '../test/two-factor.js';

// Everything two-factor sign-in keeps secret, followed through a whole life of enrolment, sign-ins,
// step-ups, a server error and turning it off: after enrolment none of it is in any API answer,
// any audit entry or any log line (the server's real logger, at its most verbose).
const logLines: string[] = [];
let api: TestServer;
let clock: ReturnType<typeof useTestClock>;

const secrets = {
  passwords: [ADMIN.password, 'the-second-password'],
  totpSecret: '',
  otpauthUrl: '',
  recoveryCodes: [] as string[],
  codes: [] as string[],
};

/** Every answer after the setup and enable answers (which are the two meant to carry them, once). */
const answers: unknown[] = [];

beforeAll(async () => {
  const logger = createLogger('trace', { write: (line: string) => void logLines.push(line) });
  api = await startTestServer({ logger });
  clock = useTestClock();
  const call = async (method: string, path: string, body?: unknown, token?: string) => {
    const response = await api.request(method, path, body, token);
    answers.push({ status: response.status, body: response.body });
    return response;
  };

  let token = await api.login();
  const setup = await api.request<TwoFactorSetupResponse>('POST', '/api/admin/me/two-factor/setup', {}, token);
  secrets.totpSecret = setup.body.secret;
  secrets.otpauthUrl = setup.body.otpauthUrl;
  // A server error while enabling (the recovery codes cannot be written): logged with its SQL.
  await api.db.query(`
    CREATE FUNCTION refuse_codes() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected failure'; END $$;
    CREATE TRIGGER refuse_codes BEFORE INSERT ON admin_recovery_codes FOR EACH ROW EXECUTE FUNCTION refuse_codes();
  `);
  secrets.codes.push(codeAt(secrets.totpSecret));
  expect((await call('POST', '/api/admin/me/two-factor/enable', { code: secrets.codes.at(-1) }, token)).status).toBe(500);
  await api.db.query('DROP TRIGGER refuse_codes ON admin_recovery_codes; DROP FUNCTION refuse_codes();');
  const enabled = await api.request('POST', '/api/admin/me/two-factor/enable', { code: secrets.codes.at(-1) }, token);
  secrets.recoveryCodes = enabled.body.recoveryCodes;
  token = enabled.body.token;

  clock.nextStep();
  secrets.codes.push(codeAt(secrets.totpSecret));
  await call('POST', '/api/admin/login', { username: ADMIN.username, password: ADMIN.password });
  await call('POST', '/api/admin/login', { username: ADMIN.username, password: ADMIN.password, code: secrets.codes.at(-1) });
  await call('POST', '/api/admin/login', { username: ADMIN.username, password: ADMIN.password, code: secrets.codes.at(-1) }); // replay
  await call('POST', '/api/admin/login', { username: ADMIN.username, password: ADMIN.password, code: secrets.recoveryCodes[0] });
  await call('POST', '/api/admin/login', { username: ADMIN.username, password: 'wrong-password', code: secrets.recoveryCodes[1] });
  clock.nextStep();
  secrets.codes.push(codeAt(secrets.totpSecret));
  const form = { tokenName: 'Leak Token', tokenSymbol: 'LEAK', tokenContract: randomWallet(), stakingWallet: randomWallet() };
  await call('PUT', '/api/admin/settings', { ...form, currentPassword: ADMIN.password, code: secrets.codes.at(-1) }, token);
  await call(
    'PUT',
    '/api/admin/settings',
    { ...form, stakingWallet: randomWallet(), currentPassword: 'wrong-password', code: secrets.recoveryCodes[2] },
    token,
  );
  await call(
    'POST',
    '/api/admin/admins',
    {
      email: 'x@example.com',
      username: 'x-admin',
      password: 'x-admin-password',
      currentPassword: ADMIN.password,
      code: secrets.recoveryCodes[3],
    },
    token,
  );
  secrets.passwords.push('x-admin-password');
  await call('POST', '/api/admin/me/password', { currentPassword: ADMIN.password, newPassword: 'the-second-password' }, token);
  clock.nextStep();
  secrets.codes.push(codeAt(secrets.totpSecret));
  await call('POST', '/api/admin/me/two-factor/disable', { currentPassword: 'the-second-password', code: secrets.codes.at(-1) }, token);
  // Everything an admin can read back.
  for (const path of ['/api/admin/me', '/api/admin/admins', '/api/admin/audit-log?limit=1000', '/api/admin/settings'])
    await call('GET', path, undefined, token);
}, 60_000);
afterAll(async () => {
  vi.useRealTimers();
  await api.close();
});

function expectNoSecrets(text: string, where: string) {
  expect(text.length, where).toBeGreaterThan(0);
  for (const password of secrets.passwords) expect(text, `${where}: a password`).not.toContain(password);
  expect(text, `${where}: the TOTP secret`).not.toContain(secrets.totpSecret);
  expect(text, `${where}: the otpauth URL`).not.toContain('otpauth://');
  for (const code of secrets.recoveryCodes) expect(text, `${where}: a recovery code`).not.toContain(code);
  for (const code of secrets.codes) expect(text, `${where}: a TOTP code`).not.toContain(`"${code}"`);
}

describe('two-factor secrets, recovery codes, codes and passwords', () => {
  it('were really used (the checks below look for something that existed)', () => {
    expect(secrets.totpSecret).toMatch(/^[A-Z2-7]{32}$/);
    expect(secrets.recoveryCodes).toHaveLength(10);
    expect(answers.length).toBeGreaterThan(10);
    expect(logLines.some((line) => line.includes('"level":50'))).toBe(true); // the injected server error was logged
  });

  it('are in no API answer after enrolment', () => {
    expectNoSecrets(JSON.stringify(answers), 'API answers');
  });

  it('are in no audit entry', async () => {
    const [rows] = await api.db.query('SELECT * FROM audit_logs');
    expect((rows as unknown[]).length).toBeGreaterThan(8);
    expectNoSecrets(JSON.stringify(rows), 'audit_logs');
  });

  it('are in no log line', () => {
    expectNoSecrets(logLines.join('\n'), 'the log');
  });

  it('are stored only encrypted or hashed', async () => {
    const [rows] = await api.db.query('SELECT * FROM admins');
    const [codes] = await api.db.query('SELECT * FROM admin_recovery_codes');
    expectNoSecrets(JSON.stringify(rows) + JSON.stringify(codes), 'the database');
  });
});
