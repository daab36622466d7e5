import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryTypes } from 'sequelize';
import type { AdminSettings, PublicSettings } from '@stakedesk/shared/api-types';
import { MESSAGES } from '@stakedesk/shared/messages';
import { randomWallet, startTestServer, STEP_UP, type TestServer } from '../test/test-server.js';

// The holders' chain endpoint (DESIGN 15): what holders' browsers read the proof of reserves from.
const SITE = 'https://stake.example.com';
let api: TestServer;
let token: string;

beforeAll(async () => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'stakedesk-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Stakedesk</title><div id="root"></div>');
  api = await startTestServer({ publicUrl: SITE, webDist, cacheTtlMs: 0 });
  token = await api.login();
  const first = { tokenName: 'Acme', tokenSymbol: 'ACME', tokenContract: randomWallet(), stakingWallet: randomWallet(), ...STEP_UP };
  expect((await api.request('PUT', '/api/admin/settings', first, token)).status).toBe(200);
  // An alert receiver for step-up changes: each one is written as a delivery (the attempt itself fails, nobody listens).
  await api.db.query(
    `INSERT INTO webhooks (kind, url, events) VALUES ('standard', 'https://93.184.216.34/hook', ARRAY['settings.step_up_change'])`,
  );
});
afterAll(() => api.close());

const publicSettings = async () => (await api.request<PublicSettings>('GET', '/api/settings')).body;
const adminSettings = async () => (await api.request<AdminSettings>('GET', '/api/admin/settings', undefined, token)).body;
const save = async (change: Record<string, unknown>) => {
  const {
    solanaCluster: _c,
    tokenProgram: _p,
    tokenDecimals: _d,
    tokenExtensions: _e,
    transferFee: _f,
    mintWarnings: _w,
    ...form
  } = await adminSettings();
  return api.request('PUT', '/api/admin/settings', { ...form, heliusApiKey: '', ...change }, token);
};
const storedUrl = async () =>
  ((await api.db.query(`SELECT holder_rpc_url FROM settings WHERE id = 1`))[0] as { holder_rpc_url: string }[])[0]!.holder_rpc_url;
const count = async (sql: string) => ((await api.db.query(sql))[0] as { n: number }[])[0]!.n;
const audits = () => count(`SELECT count(*)::int AS n FROM audit_logs WHERE action = 'settings.update'`);
const stepUpAlerts = () =>
  api.db.query<{ fields: string }>(
    `SELECT event->'data'->>'fields' AS fields FROM webhook_deliveries WHERE event_type = 'settings.step_up_change' ORDER BY id`,
    { type: QueryTypes.SELECT },
  );

describe("the holders' chain endpoint", () => {
  it("is the cluster's public endpoint until an owner sets one: the public settings name it, the admin's show it unset", async () => {
    expect((await publicSettings()).holderRpcUrl).toBe('https://api.devnet.solana.com');
    expect((await adminSettings()).holderRpcUrl).toBe('');
  });

  it('is changed only with a step-up, audited, and raises settings.step_up_change', async () => {
    const url = 'https://rpc.holders.example.org/';
    const refused = await save({ holderRpcUrl: url });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: MESSAGES.stepUpRequired, code: 'stepUpRequired', stepUpRequired: true });
    expect(await storedUrl()).toBe('');

    const alertsBefore = (await stepUpAlerts()).length;
    const auditsBefore = await audits();
    const saved = await save({ holderRpcUrl: url, ...STEP_UP });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.holderRpcUrl).toBe(url);
    expect((await publicSettings()).holderRpcUrl).toBe(url);
    expect(await audits()).toBe(auditsBefore + 1);
    const [entry] = await api.db.query<{ before: string; after: string }>(
      `SELECT before->>'holderRpcUrl' AS before, after->>'holderRpcUrl' AS after FROM audit_logs WHERE action = 'settings.update' ORDER BY id DESC LIMIT 1`,
      { type: QueryTypes.SELECT },
    );
    expect(entry).toEqual({ before: '', after: url });
    expect((await stepUpAlerts()).slice(alertsBefore)).toEqual([{ fields: 'settings.holderRpcUrl' }]);

    // The form sent back as it is needs nothing; blank goes back to the cluster's endpoint, with a step-up again.
    expect((await save({ tokenName: 'Acme Renamed' })).status).toBe(200);
    expect((await save({ holderRpcUrl: '' })).status).toBe(403);
    expect((await save({ holderRpcUrl: '', ...STEP_UP })).status).toBe(200);
    expect((await publicSettings()).holderRpcUrl).toBe('https://api.devnet.solana.com');
  });

  it.each([
    ['the site itself', `${SITE}/`, 'holderRpcUrlOwnServer'],
    ['the site at another path and port spelling', 'https://STAKE.example.com:443/solana', 'holderRpcUrlOwnServer'],
    ["the server's RPC relay at another host", 'https://alias.example.org/api/rpc', 'holderRpcUrlOwnServer'],
    ['plain http without ALLOW_PRIVATE_RPC', 'http://rpc.example.org', 'holderRpcUrlNotHttps'],
  ] as const)('refuses %s with a 400 that names it, before any step-up, and saves nothing', async (_name, url, code) => {
    const auditsBefore = await audits();
    const response = await save({ holderRpcUrl: url });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code, message: MESSAGES[code], errors: { holderRpcUrl: MESSAGES[code] } });
    expect(await storedUrl()).toBe('');
    expect(await audits()).toBe(auditsBefore);
  });

  it('refuses the host the request came to (the same server under another name than PUBLIC_URL)', async () => {
    const response = await save({ holderRpcUrl: api.baseUrl.replace('http:', 'https:') });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('holderRpcUrlOwnServer');
  });

  it("lets a page's scripts read the chain from the holders' endpoint (and the cluster's), and from nowhere else", async () => {
    const connectSrc = async (pathname: string) =>
      (await fetch(`${api.baseUrl}${pathname}`)).headers
        .get('content-security-policy')
        ?.split(';')
        .find((directive) => directive.startsWith('connect-src'));
    expect(await connectSrc('/dashboard')).toBe("connect-src 'self' https://api.devnet.solana.com");
    expect((await save({ holderRpcUrl: 'https://rpc.holders.example.org:8443/solana?key=k', ...STEP_UP })).status).toBe(200);
    await expect
      .poll(() => connectSrc('/dashboard'))
      .toBe("connect-src 'self' https://rpc.holders.example.org:8443 https://api.devnet.solana.com");
    // An answer of the API is no page: it keeps the default, 'self' alone.
    expect(await connectSrc('/api/settings')).toBeUndefined();
    expect((await save({ holderRpcUrl: '', ...STEP_UP })).status).toBe(200);
  });

  it('refuses what is not an http(s) URL', async () => {
    const response = await save({ holderRpcUrl: 'wss://rpc.example.org', ...STEP_UP });
    expect(response.status).toBe(400);
    expect(response.body.errors).toHaveProperty(['holderRpcUrl']);
    expect(await storedUrl()).toBe('');
  });
});
