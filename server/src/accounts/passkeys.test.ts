import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminMe, Passkey } from '@stakedesk/shared/api-types';
import { english, msg } from '@stakedesk/shared/i18n/catalogue';
import { MESSAGES, type MessageKey } from '@stakedesk/shared/messages';
import { SoftwarePasskey } from '@stakedesk/test-support/passkey-authenticator';
import { listenToAdminEvents } from '../test/admin-events.js';
import { addPasskey, newPasskeyOptions, passkeyStepUp, passwordStep, signInWithPasskey } from '../test/passkeys.js';
import { ADMIN, randomWallet, startTestServer, STEP_UP, type TestServer } from '../test/test-server.js';
import { adminWithRole, codeAt, enrol, loginWith, useTestClock } from '../test/two-factor.js';

let api: TestServer;
let rootToken: string;
let events: Awaited<ReturnType<typeof listenToAdminEvents>>;
let clock: ReturnType<typeof useTestClock>;

/** The settings form as saved at the start; a settings change sends it whole, with its change. */
const FORM = { tokenName: 'Passkey Token', tokenSymbol: 'PKT', tokenContract: randomWallet(), stakingWallet: randomWallet() };

beforeAll(async () => {
  api = await startTestServer();
  rootToken = await api.login();
  expect((await api.request('PUT', '/api/admin/settings', { ...FORM, ...STEP_UP }, rootToken)).status).toBe(200);
  events = await listenToAdminEvents(api.databaseUrl);
  clock = useTestClock();
});
afterAll(async () => {
  vi.useRealTimers();
  await events.close();
  await api.close();
});
afterEach(async () => {
  clock.nextStep();
  await api.db.query('DELETE FROM admin_login_failures');
  await events.securityChanges();
});

const list = async (token: string) => (await api.request<Passkey[]>('GET', '/api/admin/me/passkeys', undefined, token)).body;
const me = async (token: string) => (await api.request<AdminMe>('GET', '/api/admin/me', undefined, token)).body;
const refusal = (code: MessageKey, extra: Record<string, unknown> = {}) => ({ message: MESSAGES[code], code, ...extra });

type Entry = { action: string; entity_type: string; entity_id: string | null; after: unknown; before: unknown };

async function auditActions(adminId: number, prefix: string): Promise<Entry[]> {
  const [rows] = await api.db.query(
    `SELECT action, entity_type, entity_id, "after", "before" FROM audit_logs WHERE admin_id = :adminId AND action LIKE :prefix ORDER BY id`,
    { replacements: { adminId, prefix: `${prefix}%` } },
  );
  return rows as Entry[];
}

describe('adding a passkey', () => {
  it('answers the registration options with a passkey: 201, listed without key material, audited and announced', async () => {
    const admin = await adminWithRole(api, rootToken, 'operator', 'adds-one');
    await events.securityChanges();
    const passkey = new SoftwarePasskey();
    const options = await newPasskeyOptions(api, admin.token);
    expect(options).toMatchObject({ rp: { id: '127.0.0.1', name: 'Stakedesk' }, user: { name: 'adds-one' }, attestation: 'none' });
    const added = await api.request<Passkey>(
      'POST',
      '/api/admin/me/passkeys',
      { response: passkey.register(options, { origin: api.baseUrl }), name: 'Work laptop', currentPassword: admin.password },
      admin.token,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toEqual({ id: expect.any(Number), name: 'Work laptop', createdAt: expect.any(String), lastUsedAt: null });
    expect(await list(admin.token)).toEqual([added.body]);
    expect(await me(admin.token)).toMatchObject({ passkeyCount: 1, passkeyRequired: false, twoFactorEnabled: false });
    expect(await auditActions(admin.id, 'admin.passkey')).toEqual([
      {
        action: 'admin.passkey_add',
        entity_type: 'passkey',
        entity_id: String(added.body.id),
        before: null,
        after: { username: 'adds-one', name: 'Work laptop' },
      },
    ]);
    expect(await events.securityChanges()).toEqual([
      { type: 'security.changed', changes: ['passkey.add'], adminUsername: 'adds-one', adminId: admin.id },
    ]);
  });

  it('needs a step-up: without it 403 stepUpRequired and nothing stored; the same answer is then taken with one', async () => {
    const admin = await adminWithRole(api, rootToken, 'viewer', 'steps-up-to-add');
    await events.securityChanges();
    const response = new SoftwarePasskey().register(await newPasskeyOptions(api, admin.token), { origin: api.baseUrl });
    const without = await api.request('POST', '/api/admin/me/passkeys', { response, name: 'Phone' }, admin.token);
    expect(without.status).toBe(403);
    expect(without.body).toEqual(refusal('stepUpRequired', { stepUpRequired: true }));
    const wrong = await api.request('POST', '/api/admin/me/passkeys', { response, name: 'Phone', currentPassword: 'not it' }, admin.token);
    expect(wrong.body).toEqual(refusal('stepUpWrong', { stepUpRequired: true }));
    expect(await list(admin.token)).toEqual([]);
    expect(await events.securityChanges()).toEqual([]);
    // The refused requests spent nothing: the challenge is still good.
    const added = await api.request(
      'POST',
      '/api/admin/me/passkeys',
      { response, name: 'Phone', currentPassword: admin.password },
      admin.token,
    );
    expect(added.status).toBe(201);
  });

  it('refuses an answer made on another origin, saying so', async () => {
    const admin = await adminWithRole(api, rootToken, 'operator');
    const response = new SoftwarePasskey().register(await newPasskeyOptions(api, admin.token), {
      origin: 'https://stakedesk-login.example',
    });
    const added = await api.request(
      'POST',
      '/api/admin/me/passkeys',
      { response, name: 'Phished', currentPassword: admin.password },
      admin.token,
    );
    expect(added.status).toBe(400);
    const wrongSite = msg('passkeyWrongSite', { origin: 'https://stakedesk-login.example' });
    expect(added.body).toMatchObject({ message: english(wrongSite), code: 'passkeyWrongSite', errors: { response: english(wrongSite) } });
    expect(await list(admin.token)).toEqual([]);
  });

  it('refuses an answer for another relying party, and one to a challenge already answered', async () => {
    const admin = await adminWithRole(api, rootToken, 'operator');
    const foreign = new SoftwarePasskey().register(await newPasskeyOptions(api, admin.token), {
      origin: api.baseUrl,
      rpId: 'evil.example',
    });
    const refused = await api.request(
      'POST',
      '/api/admin/me/passkeys',
      { response: foreign, name: 'x', currentPassword: admin.password },
      admin.token,
    );
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.code).toBe('passkeyRefused');

    const { passkey } = await addPasskey(api, admin.token, { currentPassword: admin.password }, 'Once');
    const response = new SoftwarePasskey().register(await newPasskeyOptions(api, admin.token), { origin: api.baseUrl });
    const body = { response, name: 'Twice' };
    const once = await api.request(
      'POST',
      '/api/admin/me/passkeys',
      { ...body, ...(await passkeyStepUp(api, admin.token, passkey, admin.password)) },
      admin.token,
    );
    expect(once.status).toBe(201);
    const again = await api.request(
      'POST',
      '/api/admin/me/passkeys',
      { ...body, ...(await passkeyStepUp(api, admin.token, passkey, admin.password)) },
      admin.token,
    );
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('passkeyChallengeSpent');
    expect((await list(admin.token)).map((p) => p.name)).toEqual(['Once', 'Twice']);
  });

  it("refuses an answer to another admin's options", async () => {
    const alice = await adminWithRole(api, rootToken, 'operator');
    const bob = await adminWithRole(api, rootToken, 'operator');
    const response = new SoftwarePasskey().register(await newPasskeyOptions(api, alice.token), { origin: api.baseUrl });
    const stolen = await api.request('POST', '/api/admin/me/passkeys', { response, name: 'x', currentPassword: bob.password }, bob.token);
    expect(stolen.status).toBe(400);
    expect(stolen.body.code).toBe('passkeyChallengeSpent');
  });

  it('refuses a malformed answer with 400, never a 500', async () => {
    const admin = await adminWithRole(api, rootToken, 'operator');
    for (const response of [
      {},
      'text',
      { id: 'a', rawId: 'a', type: 'public-key', response: { clientDataJSON: 'bm90IGpzb24' }, clientExtensionResults: {} },
    ]) {
      const answer = await api.request(
        'POST',
        '/api/admin/me/passkeys',
        { response, name: 'x', currentPassword: admin.password },
        admin.token,
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    }
  });
});

describe('naming and removing passkeys', () => {
  it('renames with PATCH {name}; another admin cannot', async () => {
    const admin = await adminWithRole(api, rootToken, 'operator');
    const other = await adminWithRole(api, rootToken, 'operator');
    const { id } = await addPasskey(api, admin.token, { currentPassword: admin.password }, 'Old name');
    const renamed = await api.request<Passkey>('PATCH', `/api/admin/me/passkeys/${id}`, { name: 'YubiKey 5C' }, admin.token);
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id, name: 'YubiKey 5C' });
    const theirs = await api.request('PATCH', `/api/admin/me/passkeys/${id}`, { name: 'mine now' }, other.token);
    expect(theirs.status).toBe(404);
    const blank = await api.request('PATCH', `/api/admin/me/passkeys/${id}`, { name: '  ' }, admin.token);
    expect(blank.status).toBe(400);
    expect((await list(admin.token)).map((p) => p.name)).toEqual(['YubiKey 5C']);
  });

  it('removes with a step-up only (403 stepUpRequired without), audited and announced', async () => {
    const admin = await adminWithRole(api, rootToken, 'operator', 'removes-one');
    const { passkey, id } = await addPasskey(api, admin.token, { currentPassword: admin.password });
    await addPasskey(api, admin.token, await passkeyStepUp(api, admin.token, passkey, admin.password), 'Spare');
    await events.securityChanges();

    const without = await api.request('DELETE', `/api/admin/me/passkeys/${id}`, undefined, admin.token);
    expect(without.status).toBe(403);
    expect(without.body).toEqual(refusal('stepUpRequired', { stepUpRequired: true }));
    // With passkeys, the password alone is no step-up either.
    const passwordOnly = await api.request('DELETE', `/api/admin/me/passkeys/${id}`, { currentPassword: admin.password }, admin.token);
    expect(passwordOnly.status).toBe(403);
    expect(await list(admin.token)).toHaveLength(2);

    const removed = await api.request(
      'DELETE',
      `/api/admin/me/passkeys/${id}`,
      await passkeyStepUp(api, admin.token, passkey, admin.password),
      admin.token,
    );
    expect(removed.status, JSON.stringify(removed.body)).toBe(204);
    expect((await list(admin.token)).map((p) => p.name)).toEqual(['Spare']);
    expect((await auditActions(admin.id, 'admin.passkey_remove')).map((entry) => [entry.entity_id, entry.before])).toEqual([
      [String(id), { username: 'removes-one', name: 'Laptop' }],
    ]);
    expect(await events.securityChanges()).toEqual([
      { type: 'security.changed', changes: ['passkey.remove'], adminUsername: 'removes-one', adminId: admin.id },
    ]);
  });
});

describe('signing in with the password and a passkey', () => {
  it('answers the password with 401 and options, then signs in with the passkey as a login does', async () => {
    const admin = await adminWithRole(api, rootToken, 'operator', 'passkey-signer');
    const { passkey, id } = await addPasskey(api, admin.token, { currentPassword: admin.password });
    const first = await passwordStep(api, admin.username, admin.password);
    expect(first.status).toBe(401);
    expect(first.body).toMatchObject({ code: 'passkeySignInRequired', twoFactorRequired: true, passkeyRequired: true });
    expect(first.body.passkeyOptions).toMatchObject({ rpId: '127.0.0.1', allowCredentials: [{ id: passkey.id, type: 'public-key' }] });

    const signedIn = await api.request('POST', '/api/admin/login/passkey', {
      username: admin.username,
      password: admin.password,
      response: passkey.answer(first.body.passkeyOptions!, { origin: api.baseUrl }),
    });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body).toEqual({ token: expect.any(String), expiresAt: expect.any(String), role: 'operator' });
    expect((await me(signedIn.body.token)).username).toBe('passkey-signer');
    expect((await list(signedIn.body.token)).find((p) => p.id === id)?.lastUsedAt).toEqual(expect.any(String));
    const [login] = (await auditActions(admin.id, 'admin.login')).slice(-1);
    expect(login).toMatchObject({ action: 'admin.login', after: { method: 'passkey' } });
  });

  it('refuses an answer made on another origin (a phishing proxy relaying the options), saying so', async () => {
    const admin = await adminWithRole(api, rootToken, 'operator');
    const { passkey } = await addPasskey(api, admin.token, { currentPassword: admin.password });
    const phished = await signInWithPasskey(api, admin, passkey, 'https://stakedesk-admin.example');
    expect(phished.status).toBe(401);
    const wrongSite = msg('passkeyWrongSite', { origin: 'https://stakedesk-admin.example' });
    expect(phished.body).toMatchObject({ message: english(wrongSite), code: 'passkeyWrongSite', twoFactorRequired: true });
    expect(phished.body.token).toBeUndefined();
    const [failure] = (await auditActions(admin.id, 'admin.login_failed')).slice(-1);
    expect(failure?.after).toEqual({ reason: 'passkey' });
  });

  it('refuses a replayed answer (its challenge was spent), and an answer to options of another purpose', async () => {
    const admin = await adminWithRole(api, rootToken, 'operator');
    const { passkey } = await addPasskey(api, admin.token, { currentPassword: admin.password });
    const first = await passwordStep(api, admin.username, admin.password);
    const body = {
      username: admin.username,
      password: admin.password,
      response: passkey.answer(first.body.passkeyOptions!, { origin: api.baseUrl }),
    };
    expect((await api.request('POST', '/api/admin/login/passkey', body)).status).toBe(200);
    const replayed = await api.request('POST', '/api/admin/login/passkey', body);
    expect(replayed.status).toBe(401);
    expect(replayed.body.code).toBe('passkeyChallengeSpent');

    const stepUp = await passkeyStepUp(api, admin.token, passkey, admin.password);
    const wrongPurpose = await api.request('POST', '/api/admin/login/passkey', { ...body, response: stepUp.passkeyResponse });
    expect(wrongPurpose.status).toBe(401);
    expect(wrongPurpose.body.code).toBe('passkeyChallengeSpent');
  });

  it('checks the signature counter: an answer whose counter did not move on is refused', async () => {
    const admin = await adminWithRole(api, rootToken, 'operator');
    const { passkey } = await addPasskey(api, admin.token, { currentPassword: admin.password });
    expect((await signInWithPasskey(api, admin, passkey)).status).toBe(200);
    // A copy of the key that has counted less: a cloned authenticator.
    passkey.signCount = 0;
    const cloned = await signInWithPasskey(api, admin, passkey);
    expect(cloned.status).toBe(401);
    expect(cloned.body.code).toBe('passkeyRefused');
  });

  it("refuses another admin's passkey, and a wrong password before any passkey is looked at", async () => {
    const alice = await adminWithRole(api, rootToken, 'operator');
    const mallory = await adminWithRole(api, rootToken, 'operator');
    await addPasskey(api, alice.token, { currentPassword: alice.password });
    const { passkey: mallorys } = await addPasskey(api, mallory.token, { currentPassword: mallory.password });
    const first = await passwordStep(api, alice.username, alice.password);
    const wrongKey = await api.request('POST', '/api/admin/login/passkey', {
      username: alice.username,
      password: alice.password,
      response: mallorys.answer(first.body.passkeyOptions!, { origin: api.baseUrl }),
    });
    expect(wrongKey.status).toBe(401);
    expect(wrongKey.body.code).toBe('passkeyRefused');

    const wrongPassword = await api.request('POST', '/api/admin/login/passkey', {
      username: alice.username,
      password: 'not the password',
      response: mallorys.answer({ challenge: 'AAAA', rpId: '127.0.0.1' }, { origin: api.baseUrl }),
    });
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body).toEqual(refusal('invalidCredentials'));
  });

  it('counts wrong passwords in the account throttle; the right password with the passkey still gets through the pause', async () => {
    const admin = await adminWithRole(api, rootToken, 'operator');
    const { passkey } = await addPasskey(api, admin.token, { currentPassword: admin.password });
    const wrong = { username: admin.username, password: 'guess', response: passkey.answer({ challenge: 'AAAA' }, { origin: api.baseUrl }) };
    for (let attempt = 0; attempt < 5; attempt++) expect((await api.request('POST', '/api/admin/login/passkey', wrong)).status).toBe(401);
    const paused = await api.request('POST', '/api/admin/login/passkey', wrong);
    expect(paused.status).toBe(429);
    expect(paused.body.retryAfter).toBeGreaterThan(0);
    // The pause answers the password alone with 429 too, and carries options whatever the password.
    const pausedLogin = await passwordStep(api, admin.username, 'another guess');
    expect(pausedLogin.status).toBe(429);
    expect(pausedLogin.body.passkeyOptions).toBeDefined();
    const through = await api.request('POST', '/api/admin/login/passkey', {
      username: admin.username,
      password: admin.password,
      response: passkey.answer(pausedLogin.body.passkeyOptions!, { origin: api.baseUrl }),
    });
    expect(through.status, JSON.stringify(through.body)).toBe(200);
  });

  it('is no way around the throttle for an admin without a second factor', async () => {
    const admin = await adminWithRole(api, rootToken, 'operator');
    const response = new SoftwarePasskey().answer({ challenge: 'AAAA' }, { origin: api.baseUrl });
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(
        (await api.request('POST', '/api/admin/login/passkey', { username: admin.username, password: 'guess', response })).status,
      ).toBe(401);
    }
    expect((await loginWith(api, { username: admin.username, password: 'guess' })).status).toBe(429);
  });

  it('keeps TOTP working beside passkeys, and offers both', async () => {
    const admin = await adminWithRole(api, rootToken, 'operator');
    const { secret } = await enrol(api, admin.token);
    clock.nextStep();
    await addPasskey(api, admin.token, { currentPassword: admin.password, code: codeAt(secret) });
    const first = await passwordStep(api, admin.username, admin.password);
    expect(first.body).toMatchObject({ code: 'passkeyOrCodeRequired', twoFactorRequired: true, passkeyOptions: expect.any(Object) });
    expect(first.body.passkeyRequired).toBeUndefined();
    clock.nextStep();
    expect((await loginWith(api, { username: admin.username, password: admin.password, code: codeAt(secret) })).status).toBe(200);
  });
});

describe('a step-up answered by a passkey', () => {
  // The site's one owner steps up: with a second owner, a staking-wallet change would wait for its approval (approvals/).
  let rootPasskey: SoftwarePasskey;
  beforeAll(async () => {
    rootPasskey = (await addPasskey(api, rootToken, STEP_UP)).passkey;
  });
  afterAll(async () => {
    const [only] = await list(rootToken);
    const proof = await passkeyStepUp(api, rootToken, rootPasskey, ADMIN.password);
    expect((await api.request('DELETE', `/api/admin/me/passkeys/${only!.id}`, proof, rootToken)).status).toBe(204);
  });

  it('changes the staking wallet with the password and a passkey in place of a code', async () => {
    const stakingWallet = randomWallet();
    const form = { ...FORM, stakingWallet };
    const passwordOnly = await api.request('PUT', '/api/admin/settings', { ...form, currentPassword: ADMIN.password }, rootToken);
    expect(passwordOnly.status).toBe(403);
    const changed = await api.request(
      'PUT',
      '/api/admin/settings',
      { ...form, ...(await passkeyStepUp(api, rootToken, rootPasskey, ADMIN.password)) },
      rootToken,
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.stakingWallet).toBe(stakingWallet);
    FORM.stakingWallet = stakingWallet;
  });

  it('refuses an answer from another origin, a reused one, and a wrong password with a good answer', async () => {
    const options = (await api.request('POST', '/api/admin/me/passkeys/step-up-options', undefined, rootToken)).body;
    const foreign = { currentPassword: ADMIN.password, passkeyResponse: rootPasskey.answer(options, { origin: 'https://evil.example' }) };
    const create = (proof: object, name: string) =>
      api.request(
        'POST',
        '/api/admin/admins',
        { email: `${name}@example.com`, username: name, password: 'long enough pw', ...proof },
        rootToken,
      );
    const phished = await create(foreign, 'phished');
    expect(phished.status).toBe(403);
    expect(phished.body).toMatchObject({ code: 'passkeyWrongSite', stepUpRequired: true });

    const proof = await passkeyStepUp(api, rootToken, rootPasskey, ADMIN.password);
    const wrongPassword = await create({ ...proof, currentPassword: 'not it' }, 'wrong-pw');
    expect(wrongPassword.body).toEqual(refusal('stepUpWrong', { stepUpRequired: true }));
    expect((await create(proof, 'first-use')).status).toBe(201);
    const reused = await create(proof, 'second-use');
    expect(reused.status).toBe(403);
    expect(reused.body).toMatchObject({ code: 'passkeyChallengeSpent', stepUpRequired: true });
  });
});

describe('step-up options', () => {
  it('are none for an admin without passkeys', async () => {
    const admin = await adminWithRole(api, rootToken, 'operator');
    const options = await api.request('POST', '/api/admin/me/passkeys/step-up-options', undefined, admin.token);
    expect(options.status).toBe(409);
    expect(options.body.code).toBe('passkeyNotFound');
  });
});

describe('requirePasskeysForOwners', () => {
  let rootSecret: string;
  const root = { username: ADMIN.username, password: ADMIN.password };
  let rootPasskey: SoftwarePasskey;
  const requirement = (on: boolean, proof: object = {}) =>
    api.request('PUT', '/api/admin/settings', { ...FORM, requirePasskeysForOwners: on, ...proof }, rootToken);
  const rootStepUp = () => passkeyStepUp(api, rootToken, rootPasskey, ADMIN.password);
  const createAdmin = async (name: string, role: 'owner' | 'operator', proof: object) =>
    api.request<{ id: number }>(
      'POST',
      '/api/admin/admins',
      { email: `${name}@example.com`, username: name, password: `${name}-password`, role, ...proof },
      rootToken,
    );

  it('is refused, naming them, while an owner has no passkey: turning it on locks nobody out', async () => {
    const keyless = await adminWithRole(api, rootToken, 'owner', 'keyless-owner');
    const refused = await requirement(true);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'ownersNeedPasskeys' });
    expect(String(refused.body.params.usernames).split(', ')).toEqual(expect.arrayContaining([ADMIN.username, 'keyless-owner']));

    const enrolled = await enrol(api, rootToken);
    rootSecret = enrolled.secret;
    rootToken = enrolled.token;
    clock.nextStep();
    rootPasskey = (await addPasskey(api, rootToken, { ...STEP_UP, code: codeAt(rootSecret) })).passkey;
    const stillRefused = await requirement(true);
    expect(stillRefused.status).toBe(409);
    expect(stillRefused.body.params).toEqual({ usernames: 'keyless-owner' });
    expect((await api.request('GET', '/api/admin/settings', undefined, rootToken)).body.requirePasskeysForOwners).toBe(false);

    await addPasskey(api, keyless.token, { currentPassword: keyless.password });
    const on = await requirement(true);
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.requirePasskeysForOwners).toBe(true);
    expect((await me(rootToken)).passkeyRequired).toBe(true);
  });

  it("refuses an owner's TOTP code with a message that says so, and signs them in with the passkey", async () => {
    clock.nextStep();
    const byCode = await loginWith(api, { ...root, code: codeAt(rootSecret) });
    expect(byCode.status).toBe(401);
    expect(byCode.body).toMatchObject({ ...refusal('passkeyRequiredForOwners'), twoFactorRequired: true, passkeyRequired: true });
    expect(byCode.body).toHaveProperty('passkeyOptions');
    const byRecoveryCode = await loginWith(api, { ...root, code: 'abcde-12345' });
    expect(byRecoveryCode.body.code).toBe('passkeyRequiredForOwners');
    const byPasskey = await signInWithPasskey(api, root, rootPasskey);
    expect(byPasskey.status).toBe(200);
    rootToken = byPasskey.body.token;
  });

  it("still takes an operator's TOTP code", async () => {
    const created = await createAdmin('totp-operator', 'operator', await rootStepUp());
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const token = await api.login('totp-operator', 'totp-operator-password');
    const { secret } = await enrol(api, token);
    clock.nextStep();
    const signedIn = await loginWith(api, { username: 'totp-operator', password: 'totp-operator-password', code: codeAt(secret) });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.role).toBe('operator');
  });

  it("refuses an owner's code in a step-up too", async () => {
    clock.nextStep();
    const byCode = await createAdmin('by-code', 'operator', { currentPassword: ADMIN.password, code: codeAt(rootSecret) });
    expect(byCode.status).toBe(403);
    expect(byCode.body).toEqual(refusal('passkeyRequiredForOwners', { stepUpRequired: true }));
  });

  it('makes no owner without a passkey: neither a new one nor a promotion', async () => {
    const newOwner = await createAdmin('keyless-new-owner', 'owner', await rootStepUp());
    expect(newOwner.status).toBe(409);
    expect(newOwner.body).toMatchObject({ code: 'ownerNeedsPasskey', params: { username: 'keyless-new-owner' } });
    const operator = await createAdmin('to-promote', 'operator', await rootStepUp());
    const promote = await api.request(
      'PUT',
      `/api/admin/admins/${operator.body.id}`,
      { email: 'to-promote@example.com', username: 'to-promote', role: 'owner', ...(await rootStepUp()) },
      rootToken,
    );
    expect(promote.status).toBe(409);
    expect(promote.body.code).toBe('ownerNeedsPasskey');
  });

  it("keeps an owner's last passkey", async () => {
    const [only] = await list(rootToken);
    const removed = await api.request('DELETE', `/api/admin/me/passkeys/${only!.id}`, await rootStepUp(), rootToken);
    expect(removed.status).toBe(409);
    expect(removed.body.code).toBe('lastOwnerPasskey');
    expect(await list(rootToken)).toHaveLength(1);
  });

  it('is turned off only with a step-up, and that is announced', async () => {
    await events.securityChanges();
    const without = await requirement(false);
    expect(without.status).toBe(403);
    expect(without.body.stepUpRequired).toBe(true);
    const off = await requirement(false, await rootStepUp());
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.requirePasskeysForOwners).toBe(false);
    expect((await events.securityChanges()).map((event) => event.changes)).toEqual([['settings.requirePasskeysForOwnersOff']]);
    clock.nextStep();
    expect((await loginWith(api, { ...root, code: codeAt(rootSecret) })).status).toBe(200);
  });
});
