import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAINTENANCE_MESSAGE, DEFAULT_STATS_OFFSET_STAKED, DEFAULT_STATS_OFFSET_STAKERS } from '@stakedesk/shared/constants';
import { MESSAGES, noNulMessage } from '@stakedesk/shared/messages';
import { ADMIN, randomWallet, startTestServer, STEP_UP, type TestServer } from '../test/test-server.js';

const MB = 1024 * 1024;
const MINT = randomWallet();
const STAKING_WALLET = randomWallet();
const API_KEY = 'hk_live_7f3a9c2e4b1d8f6a0c5e';
// Public IP literals: a saved provider URL must resolve to public addresses, and these need no DNS.
const RPC_URL = 'https://93.184.216.34/rpc';

/** A real 1x1 PNG. */
const PNG_BYTES = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const PNG_SIGNATURE = PNG_BYTES.subarray(0, 8);
const JPEG_START = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01]);

const dataUrl = (mimeType: string, bytes: Buffer) => `data:${mimeType};base64,${bytes.toString('base64')}`;
const SMALL_PNG = dataUrl('image/png', PNG_BYTES);
/** Bytes that start like a PNG, padded to the given size (the server checks type, header and size). */
const pngOfSize = (bytes: number) => dataUrl('image/png', Buffer.concat([PNG_SIGNATURE, Buffer.alloc(bytes - PNG_SIGNATURE.length, 7)]));

/** Every field of the public settings object (PublicSettings; the provider key and URL are never in it). */
const PUBLIC_FIELDS = [
  'tokenName',
  'tokenSymbol',
  'tokenContract',
  'tokenLogo',
  'stakingWallet',
  'supportEmail',
  'supportWhatsapp',
  'supportTelegram',
  'maintenanceMode',
  'maintenanceMessage',
  'maintenanceType',
  'maintenanceEstimatedTime',
  'socialLinks',
];

const REQUIRED = { tokenName: 'Acme Token', tokenSymbol: 'ACME', tokenContract: MINT, stakingWallet: STAKING_WALLET };

const FULL = {
  ...REQUIRED,
  tokenLogo: SMALL_PNG,
  heliusApiKey: API_KEY,
  heliusRpcUrl: RPC_URL,
  supportEmail: 'help@acme.example',
  supportWhatsapp: '+1 555 0100',
  supportTelegram: '@acme_support',
  maintenanceMode: false,
  maintenanceMessage: 'Upgrading the vaults',
  maintenanceType: 'update',
  maintenanceEstimatedTime: 'about 2 hours',
  socialLinks: { telegram: 'https://t.me/acme', twitter: 'https://x.com/acme' },
  statsOffsetStaked: '2500000',
  statsOffsetStakers: 250,
};

const maskOf = (key: string) => `${key.slice(0, 4)}${'•'.repeat(8)}${key.slice(-4)}`;

let api: TestServer;
let token: string;

beforeAll(async () => {
  api = await startTestServer();
  token = await api.login();
});
afterAll(() => api.close());

const getPublic = () => api.request('GET', '/api/settings');
const getAdmin = () => api.request('GET', '/api/admin/settings', undefined, token);
/** With root's step-up (the wallet, mint and provider need one: settings-step-up.test.ts); a body that is not an object as it is. */
const put = (body: unknown) =>
  api.request(
    'PUT',
    '/api/admin/settings',
    body !== null && typeof body === 'object' && !Array.isArray(body) ? { ...STEP_UP, ...body } : body,
    token,
  );

async function putOk(body: Record<string, unknown>) {
  const response = await put(body);
  expect(response.status, JSON.stringify(response.body).slice(0, 500)).toBe(200);
  return response.body;
}

async function storedRow(): Promise<Record<string, unknown>> {
  const [rows] = await api.db.query('SELECT * FROM settings WHERE id = 1');
  return (rows as Record<string, unknown>[])[0]!;
}

async function auditCount(): Promise<number> {
  const [rows] = await api.db.query(`SELECT count(*)::int AS n FROM audit_logs WHERE action = 'settings.update'`);
  return (rows as { n: number }[])[0]!.n;
}

/** A refused PUT answers 400 on `field` with `message` and changes nothing stored. */
async function expectRefused(body: unknown, field: string, message?: string) {
  const before = await storedRow();
  const audits = await auditCount();
  const response = await put(body);
  expect(response.status).toBe(400);
  expect(response.body.errors).toHaveProperty([field]);
  if (message) expect(response.body.errors[field]).toBe(message);
  expect(await storedRow()).toEqual(before);
  expect(await auditCount()).toBe(audits);
  return response;
}

describe('GET /api/settings (public)', () => {
  it('answers every public field with its default on a new install', async () => {
    const response = await getPublic();
    expect(response.status).toBe(200);
    for (const field of PUBLIC_FIELDS) expect(response.body).toHaveProperty([field]);
    expect(response.body).toMatchObject({
      tokenLogo: null,
      tokenContract: '',
      stakingWallet: '',
      maintenanceMode: false,
      maintenanceType: 'maintenance',
      maintenanceMessage: DEFAULT_MAINTENANCE_MESSAGE,
      maintenanceEstimatedTime: 'approximately 30 minutes',
      socialLinks: {},
      statsOffsetStaked: DEFAULT_STATS_OFFSET_STAKED,
      statsOffsetStakers: DEFAULT_STATS_OFFSET_STAKERS,
    });
  });

  it('needs no token', async () => {
    expect((await getPublic()).status).toBe(200);
  });

  it('never carries the provider API key or URL, even once they are set', async () => {
    await putOk(FULL);
    const response = await getPublic();
    expect(response.status).toBe(200);
    const keys = Object.keys(response.body);
    expect(keys).not.toContain('heliusApiKey');
    expect(keys).not.toContain('heliusRpcUrl');
    // The holders' chain endpoint is public on purpose: their browsers read the chain from it (DESIGN 15).
    expect(keys.filter((k) => /helius|api.?key|rpc/i.test(k))).toEqual(['holderRpcUrl']);
    const text = JSON.stringify(response.body);
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain(RPC_URL);
    expect(text).not.toContain(API_KEY.slice(-4) + '"');
  });
});

describe('GET /api/admin/settings', () => {
  it('shows the provider key masked (first and last 4 characters) and the URL', async () => {
    await putOk(FULL);
    const response = await getAdmin();
    expect(response.status).toBe(200);
    expect(response.body.heliusApiKey).toBe(maskOf(API_KEY));
    expect(response.body.heliusRpcUrl).toBe(RPC_URL);
    expect(JSON.stringify(response.body)).not.toContain(API_KEY);
  });

  it('masks a short key entirely', async () => {
    await putOk({ ...REQUIRED, heliusApiKey: 'abc123' });
    expect((await getAdmin()).body.heliusApiKey).toBe('••••••');
    await putOk({ ...REQUIRED, heliusApiKey: API_KEY });
  });
});

describe('PUT /api/admin/settings', () => {
  it('stores a full valid form and shows it back to the admin and the public', async () => {
    const saved = await putOk(FULL);
    const { heliusApiKey: _key, heliusRpcUrl: _url, ...publicPart } = FULL;
    expect(saved).toMatchObject({ ...publicPart, heliusApiKey: maskOf(API_KEY), heliusRpcUrl: RPC_URL });
    expect((await getAdmin()).body).toEqual(saved);
    const publicSettings = (await getPublic()).body;
    expect(publicSettings).toMatchObject(publicPart);
    expect(publicSettings.solanaCluster).toBe('devnet');
  });

  it.each([
    ['tokenName', 'Token name is required'],
    ['tokenSymbol', 'Token symbol is required'],
    ['tokenContract', 'Token contract is required'],
    ['stakingWallet', 'Staking wallet is required'],
  ])("refuses a form without %s with the message '%s'", async (field, message) => {
    const { [field as keyof typeof FULL]: _dropped, ...rest } = FULL;
    const missing = await expectRefused(rest, field, message);
    expect(missing.body.message).toBe(message);
    await expectRefused({ ...FULL, [field]: '' }, field, message);
    await expectRefused({ ...FULL, [field]: '   ' }, field, message);
    await expectRefused({ ...FULL, [field]: null }, field, message);
  });

  it('lists every missing required field at once', async () => {
    const response = await expectRefused({}, 'tokenName');
    expect(response.body.errors).toEqual({
      tokenName: 'Token name is required',
      tokenSymbol: 'Token symbol is required',
      tokenContract: 'Token contract is required',
      stakingWallet: 'Staking wallet is required',
    });
  });

  it.each([
    ['not base58 at all', 'not-a-solana-address'],
    ['an Ethereum address', '0x52908400098527886E0F7030069857D2E4169EE7'],
    ['base58 with the excluded letter 0', MINT.slice(0, -1) + '0'],
    ['base58 of 31 bytes', '1111111111111111111111111111111'],
    ['too long', MINT + 'abc'],
    ['a number', 12345],
    ['an object', { address: MINT }],
  ])('refuses a token contract and a staking wallet that are %s', async (_case, address) => {
    await expectRefused({ ...FULL, tokenContract: address }, 'tokenContract', MESSAGES.invalidTokenContract);
    await expectRefused({ ...FULL, stakingWallet: address }, 'stakingWallet', MESSAGES.invalidStakingWallet);
  });

  it('refuses an invalid support email but accepts an empty one', async () => {
    await expectRefused({ ...FULL, supportEmail: 'not-an-email' }, 'supportEmail', 'Support email must be a valid email address');
    await expectRefused({ ...FULL, supportEmail: 'a@' }, 'supportEmail');
    const saved = await putOk({ ...FULL, supportEmail: '' });
    expect(saved.supportEmail).toBe('');
    expect((await getPublic()).body.supportEmail).toBe('');
  });

  it.each(['party', 'MAINTENANCE', 'Update', 42])('refuses the maintenance type %s', async (type) => {
    await expectRefused({ ...FULL, maintenanceType: type }, 'maintenanceType', MESSAGES.maintenanceTypeInvalid);
  });

  it.each([
    ['maintenanceMode', 'yes'],
    ['maintenanceMode', 1],
    ['heliusRpcUrl', 'javascript:alert(1)'],
    ['heliusRpcUrl', 'ftp://rpc.example.com'],
    ['socialLinks', 'https://t.me/acme'],
    ['tokenName', 'n'.repeat(101)],
    ['tokenSymbol', 'S'.repeat(21)],
    ['statsOffsetStaked', '-1'],
    ['statsOffsetStaked', '1.5'],
    ['statsOffsetStaked', '1'.repeat(16)],
    ['statsOffsetStakers', -1],
    ['statsOffsetStakers', 2.5],
  ])('refuses %s = %j', async (field, value) => {
    await expectRefused({ ...FULL, [field]: value }, field);
  });

  it.each([
    ['a javascript: link', { twitter: 'javascript:alert(1)' }, 'socialLinks.twitter'],
    ['a plain http link', { discord: 'http://discord.gg/acme' }, 'socialLinks.discord'],
    ['an unknown network', { myspace: 'https://myspace.com/acme' }, 'socialLinks.myspace'],
  ])('refuses a social link that is %s', async (_case, links, path) => {
    await expectRefused({ ...FULL, socialLinks: links }, path);
  });

  it.each([
    ['tokenName', { tokenName: 'Acme\u0000Token' }, 'Token name'],
    ['supportWhatsapp', { supportWhatsapp: '+1 555\u0000' }, 'Support WhatsApp'],
    ['maintenanceMessage', { maintenanceMessage: 'Back\u0000soon' }, 'Maintenance message'],
    ['heliusApiKey', { heliusApiKey: 'hk_live\u0000abcdef1234' }, 'Helius API key'],
    ['socialLinks.telegram', { socialLinks: { telegram: 'https://t.me/acme\u0000' } }, 'Telegram link'],
  ])('refuses a NUL character in %s with 400, never 500 or a silently altered value', async (field, overrides, label) => {
    await putOk(FULL);
    await expectRefused({ ...FULL, ...overrides }, field, noNulMessage(label));
  });

  it('refuses an unknown field', async () => {
    await expectRefused({ ...FULL, isAdmin: true }, 'isAdmin', 'Unknown field: isAdmin');
  });

  it('refuses a body that is not an object with 400', async () => {
    for (const body of ['[]', '"settings"', 'null']) {
      const response = await put(body);
      expect(response.status).toBe(400);
      expect(typeof response.body.message).toBe('string');
    }
  });

  it('stores and returns script payloads verbatim as JSON text', async () => {
    const script = '<script>alert(1)</script>';
    const attribute = `"'><img src=x onerror=alert(1)>`;
    const saved = await putOk({ ...FULL, tokenName: script, maintenanceMessage: attribute, supportTelegram: script });
    expect(saved.tokenName).toBe(script);
    const response = await getPublic();
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.body).toMatchObject({ tokenName: script, maintenanceMessage: attribute, supportTelegram: script });
    expect((await storedRow()).token_name).toBe(script);
  });

  it('stores a blank maintenance message and time as the defaults', async () => {
    const saved = await putOk({ ...FULL, maintenanceMessage: '', maintenanceEstimatedTime: '  ' });
    expect(saved.maintenanceMessage).toBe(DEFAULT_MAINTENANCE_MESSAGE);
    expect(saved.maintenanceEstimatedTime).toBe('approximately 30 minutes');
  });

  it('shows the maintenance switch to the public', async () => {
    await putOk({ ...FULL, maintenanceMode: true, maintenanceType: 'maintenance' });
    expect((await getPublic()).body).toMatchObject({ maintenanceMode: true, maintenanceType: 'maintenance' });
    await putOk({ ...FULL, maintenanceMode: false });
    expect((await getPublic()).body.maintenanceMode).toBe(false);
  });
});

describe('the token contract and the chain', () => {
  it('a new contract cannot be saved while the chain cannot be asked about it (503 retryable, nothing saved); other fields still can', async () => {
    await putOk(FULL);
    api.chain.reachable = false;
    try {
      const refused = await put({ ...FULL, tokenContract: randomWallet() });
      expect(refused.status).toBe(503);
      expect(refused.body).toMatchObject({ code: 'mintNotReadRetry', retryable: true });
      expect((await api.request('GET', '/api/settings')).body.tokenContract).toBe(MINT);
      await putOk({ ...FULL, tokenName: 'Renamed while the chain is down' });
    } finally {
      api.chain.reachable = true;
    }
  });
});

describe('maintenance mode and admins', () => {
  it('does not lock admins out: admin reads and writes keep working while it is on', async () => {
    await putOk({ ...FULL, maintenanceMode: true });
    expect((await getPublic()).status).toBe(200);
    expect((await api.request('GET', '/api/admin/stats', undefined, token)).status).toBe(200);
    expect((await api.request('GET', '/api/admin/staking-plans', undefined, token)).status).toBe(200);
    expect((await api.request('POST', '/api/admin/login', { username: ADMIN.username, password: ADMIN.password })).status).toBe(200);
    await putOk({ ...FULL, maintenanceMode: false });
    expect((await getPublic()).body.maintenanceMode).toBe(false);
  });
});

describe('the provider API key', () => {
  const storedKey = async () => (await storedRow()).helius_api_key;

  it.each([
    ['blank', ''],
    ['only spaces', '   '],
    ['null', null],
    ['the mask the admin panel was shown', maskOf(API_KEY)],
  ])('is kept when the form sends it %s', async (_case, value) => {
    await putOk({ ...FULL, heliusApiKey: API_KEY });
    await putOk({ ...FULL, heliusApiKey: value });
    expect(await storedKey()).toBe(API_KEY);
    expect((await getAdmin()).body.heliusApiKey).toBe(maskOf(API_KEY));
  });

  it('is kept when the form leaves it out', async () => {
    await putOk({ ...FULL, heliusApiKey: API_KEY });
    const { heliusApiKey: _key, ...withoutKey } = FULL;
    await putOk(withoutKey);
    expect(await storedKey()).toBe(API_KEY);
  });

  it('is replaced by a new key', async () => {
    await putOk({ ...FULL, heliusApiKey: API_KEY });
    const newKey = 'hk_live_new_0000111122223333';
    const saved = await putOk({ ...FULL, heliusApiKey: newKey });
    expect(saved.heliusApiKey).toBe(maskOf(newKey));
    expect(await storedKey()).toBe(newKey);
    await putOk({ ...FULL, heliusApiKey: API_KEY });
  });

  it('is forgotten when the admin removes it, and a new key sent with the removal wins', async () => {
    await putOk({ ...FULL, heliusApiKey: API_KEY });
    const { heliusApiKey: _key, ...withoutKey } = FULL;
    expect((await putOk({ ...withoutKey, removeHeliusApiKey: true })).heliusApiKey).toBe('');
    expect(await storedKey()).toBe('');
    const newKey = 'hk_live_new_4444555566667777';
    await putOk({ ...FULL, heliusApiKey: newKey, removeHeliusApiKey: true });
    expect(await storedKey()).toBe(newKey);
    await putOk({ ...FULL, heliusApiKey: API_KEY });
  });
});

describe('the token logo', () => {
  it('accepts a small real PNG and shows it publicly', async () => {
    const saved = await putOk({ ...REQUIRED, tokenLogo: SMALL_PNG });
    expect(saved.tokenLogo).toBe(SMALL_PNG);
    expect((await getPublic()).body.tokenLogo).toBe(SMALL_PNG);
  });

  it.each([
    ['GIF', dataUrl('image/gif', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'))],
    ['JPEG', dataUrl('image/jpeg', JPEG_START)],
    ['WebP', dataUrl('image/webp', Buffer.from('RIFF\x1a\x00\x00\x00WEBPVP8L\x0d\x00\x00\x00', 'latin1'))],
  ])('accepts a %s logo', async (_type, logo) => {
    expect((await putOk({ ...REQUIRED, tokenLogo: logo })).tokenLogo).toBe(logo);
  });

  it('refuses an SVG data URL (it can carry script)', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><circle r="5"/></svg>';
    await expectRefused({ ...REQUIRED, tokenLogo: dataUrl('image/svg+xml', Buffer.from(svg)) }, 'tokenLogo', MESSAGES.logoSvgRefused);
    await expectRefused({ ...REQUIRED, tokenLogo: `data:image/svg+xml;utf8,${svg}` }, 'tokenLogo', MESSAGES.logoSvgRefused);
    await expectRefused({ ...REQUIRED, tokenLogo: dataUrl('IMAGE/SVG+XML', Buffer.from(svg)) }, 'tokenLogo', MESSAGES.logoSvgRefused);
  });

  it('refuses JPEG bytes declared as PNG', async () => {
    await expectRefused({ ...REQUIRED, tokenLogo: dataUrl('image/png', JPEG_START) }, 'tokenLogo', MESSAGES.logoContentMismatch);
  });

  it('refuses HTML declared as PNG', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    await expectRefused({ ...REQUIRED, tokenLogo: dataUrl('image/png', html) }, 'tokenLogo', MESSAGES.logoContentMismatch);
  });

  it.each([
    ['a remote URL', 'https://evil.example/logo.png', MESSAGES.logoWrongType],
    ['an HTML data URL', dataUrl('text/html', Buffer.from('<script>alert(1)</script>')), MESSAGES.logoWrongType],
    ['a data URL that is not base64', 'data:image/png;base64,@@@@not base64@@@@', MESSAGES.logoInvalidData],
    ['a number', 42, undefined],
  ])('refuses %s', async (_case, logo, message) => {
    await expectRefused({ ...REQUIRED, tokenLogo: logo }, 'tokenLogo', message);
  });

  it('accepts an image of exactly 5 MB', async () => {
    const logo = pngOfSize(5 * MB);
    const saved = await putOk({ ...REQUIRED, tokenLogo: logo });
    expect(saved.tokenLogo).toBe(logo);
    await putOk({ ...REQUIRED, tokenLogo: SMALL_PNG });
  });

  it("refuses an image over 5 MB with 'Please select an image smaller than 5MB'", async () => {
    await putOk({ ...REQUIRED, tokenLogo: SMALL_PNG });
    const response = await expectRefused(
      { ...REQUIRED, tokenLogo: pngOfSize(5 * MB + 1) },
      'tokenLogo',
      'Please select an image smaller than 5MB',
    );
    expect(response.body.message).toBe('Please select an image smaller than 5MB');
    expect((await getPublic()).body.tokenLogo).toBe(SMALL_PNG);
  });

  it('refuses a body over 8 MB with 413', async () => {
    const before = await storedRow();
    const response = await put({ ...REQUIRED, tokenLogo: `data:image/png;base64,${'A'.repeat(8 * MB + 1024)}` });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ message: MESSAGES.payloadTooLarge, code: 'payloadTooLarge' });
    expect(await storedRow()).toEqual(before);
  });

  it('keeps the stored logo when the form leaves tokenLogo out', async () => {
    await putOk({ ...REQUIRED, tokenLogo: SMALL_PNG });
    await putOk({ ...REQUIRED, tokenName: 'Renamed Token' });
    expect((await getPublic()).body).toMatchObject({ tokenName: 'Renamed Token', tokenLogo: SMALL_PNG });
  });

  it.each([
    ['null', null],
    ['an empty string', ''],
  ])('removes the logo when tokenLogo is %s', async (_case, value) => {
    await putOk({ ...REQUIRED, tokenLogo: SMALL_PNG });
    const saved = await putOk({ ...REQUIRED, tokenLogo: value });
    expect(saved.tokenLogo).toBeNull();
    expect((await getPublic()).body.tokenLogo).toBeNull();
    expect((await storedRow()).token_logo).toBeNull();
  });
});

describe('the landing counter offsets', () => {
  it('are editable and shown publicly', async () => {
    await putOk({ ...REQUIRED, statsOffsetStaked: '3000000', statsOffsetStakers: 500 });
    expect((await getPublic()).body).toMatchObject({ statsOffsetStaked: '3000000', statsOffsetStakers: 500 });
    expect((await getAdmin()).body).toMatchObject({ statsOffsetStaked: '3000000', statsOffsetStakers: 500 });
  });

  it('accept zero and a JSON number for the staked offset, answered as a decimal string', async () => {
    await putOk({ ...REQUIRED, statsOffsetStaked: 0, statsOffsetStakers: 0 });
    expect((await getPublic()).body).toMatchObject({ statsOffsetStaked: '0', statsOffsetStakers: 0 });
    await putOk({ ...REQUIRED, statsOffsetStaked: 1250000 });
    expect((await getPublic()).body.statsOffsetStaked).toBe('1250000');
  });

  it('are kept when the form leaves them out', async () => {
    await putOk({ ...REQUIRED, statsOffsetStaked: '777', statsOffsetStakers: 7 });
    await putOk(REQUIRED);
    expect((await getPublic()).body).toMatchObject({ statsOffsetStaked: '777', statsOffsetStakers: 7 });
  });
});

describe('the audit log of settings changes', () => {
  it('writes one entry per update, with before and after, the key redacted and the logo summarised', async () => {
    await putOk({ ...FULL, heliusApiKey: API_KEY });
    const count = await auditCount();
    await putOk({ ...FULL, tokenName: 'Audited Token', heliusApiKey: 'hk_live_rotated_99998888' });
    expect(await auditCount()).toBe(count + 1);

    const response = await api.request('GET', '/api/admin/audit-log?limit=1', undefined, token);
    const entry = response.body[0];
    expect(entry).toMatchObject({ adminUsername: 'root', action: 'settings.update', entityType: 'settings', entityId: '1' });
    expect(entry.before).toMatchObject({ tokenName: FULL.tokenName });
    expect(entry.after).toMatchObject({ tokenName: 'Audited Token' });
    const text = JSON.stringify(entry);
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain('hk_live_rotated_99998888');
    expect(text).not.toContain(SMALL_PNG);
    expect(entry.after.heliusApiKey).not.toBe('hk_live_rotated_99998888');
  });

  it('masks a key carried in the provider URL, in the admin view and in the log, and keeps it when the mask comes back', async () => {
    const urlWithKey = 'https://93.184.216.34/?api-key=0123-fake-ab';
    await putOk({ ...FULL, heliusRpcUrl: urlWithKey });
    const shown = (await api.request('GET', '/api/admin/settings', undefined, token)).body.heliusRpcUrl as string;
    expect(shown).not.toContain('0123-fake-ab');
    expect(shown).toContain('api-key=0123');
    const logged = JSON.stringify((await api.request('GET', '/api/admin/audit-log?limit=1', undefined, token)).body[0]);
    expect(logged).not.toContain('0123-fake-ab');

    await putOk({ ...FULL, heliusRpcUrl: shown });
    const [rows] = await api.db.query('SELECT helius_rpc_url FROM settings');
    expect(rows).toEqual([{ helius_rpc_url: urlWithKey }]);
  });

  it('writes nothing for a refused update', async () => {
    const count = await auditCount();
    await put({ ...FULL, tokenContract: 'nope' });
    await put({});
    expect(await auditCount()).toBe(count);
  });
});
