import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StakingPlan } from '@stakedesk/shared/api-types';
import { MESSAGES } from '@stakedesk/shared/messages';
import { createPlan, MINT, openStakingByHand, signedInWallet, STAKING_WALLET } from '../test/fixtures.js';
import { randomTxId, startTestServer, STEP_UP, type TestServer } from '../test/test-server.js';
import { systemResolve } from '../chain/public-host.js';

// The provider URL an admin saves may not lead the server to internal addresses (SECURITY.md),
// neither when it is saved nor when the server connects to it later.

/** A service on this machine that must never hear from the server: counts connections and requests. */
let internal: Server;
let internalPort: number;
const heard = { connections: 0, requests: 0 };

/** Stands for SOLANA_RPC_URL: a local test chain, trusted because the operator set it. */
let trusted: Server;
let trustedUrl: string;
let trustedRequests = 0;

/** The system's DNS, but names listed here answer what a test says (a DNS that rebinds). */
const dnsAnswers = new Map<string, string[]>();
const resolveHost = async (hostname: string) => dnsAnswers.get(hostname) ?? systemResolve(hostname);

const rpcAnswer = JSON.stringify({ jsonrpc: '2.0', id: 1, result: 42 });

beforeAll(async () => {
  internal = createServer((_req, res) => {
    heard.requests += 1;
    res.setHeader('content-type', 'application/json');
    res.end(rpcAnswer);
  });
  internal.on('connection', () => (heard.connections += 1));
  trusted = createServer((_req, res) => {
    trustedRequests += 1;
    res.setHeader('content-type', 'application/json');
    res.end(rpcAnswer);
  });
  for (const server of [internal, trusted]) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  internalPort = (internal.address() as AddressInfo).port;
  trustedUrl = `http://127.0.0.1:${(trusted.address() as AddressInfo).port}/`;
});
afterAll(() => {
  internal.close();
  trusted.close();
});
beforeEach(() => {
  heard.connections = 0;
  heard.requests = 0;
  dnsAnswers.clear();
});

const REQUIRED = { tokenName: 'Acme Token', tokenSymbol: 'ACME', tokenContract: MINT, stakingWallet: STAKING_WALLET, ...STEP_UP };
const rpcCall = { jsonrpc: '2.0', id: 1, method: 'getBalance', params: [] };

describe('the provider URL, ALLOW_PRIVATE_RPC off', () => {
  let api: TestServer;
  let token: string;
  let plan: StakingPlan;
  beforeAll(async () => {
    api = await startTestServer({ solanaRpcUrl: trustedUrl, settingsChain: { timeoutMs: 3_000 }, resolveHost, cacheTtlMs: 0 });
    token = await api.login();
    await openStakingByHand(api);
    plan = await createPlan(api, token);
  });
  afterAll(() => api.close());

  const save = (heliusRpcUrl: string) => api.request('PUT', '/api/admin/settings', { ...REQUIRED, heliusRpcUrl }, token);
  const storedUrl = async () => {
    const [rows] = await api.db.query('SELECT helius_rpc_url FROM settings WHERE id = 1');
    return (rows as { helius_rpc_url: string }[])[0]!.helius_rpc_url;
  };
  /** What a stored URL leads to, bypassing the check on save (an edit by hand, an older version's row). */
  const storeByHand = (url: string) => api.db.query('UPDATE settings SET helius_rpc_url = :url WHERE id = 1', { replacements: { url } });
  const deposit = async () => {
    const walletAddress = await signedInWallet(api);
    return api.request(
      'POST',
      '/api/stakes',
      { planId: plan.id, walletAddress, txId: randomTxId(), amount: '500', status: 'active' },
      { as: walletAddress },
    );
  };

  it('refuses a plain http URL', async () => {
    const response = await save('http://rpc.example.com/');
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ heliusRpcUrl: 'Helius RPC URL must be an https URL' });
  });

  it.each([
    'https://127.0.0.1/',
    'https://127.0.0.1:8899/',
    'https://localhost/', // a name: /etc/hosts says 127.0.0.1
    'https://[::1]/',
    'https://10.0.0.1/',
    'https://192.168.1.10/',
    'https://172.16.5.4/',
    'https://169.254.169.254/latest/meta-data/',
    'https://[fd00::1]/',
    'https://[fe80::1]/',
    'https://[::ffff:127.0.0.1]/',
    'https://[::ffff:a9fe:a9fe]/',
    'https://0.0.0.0/',
    'https://[::]/',
    'https://100.64.0.1/',
    'https://224.0.0.1/',
    'https://255.255.255.255/',
    'https://2130706433/', // 127.0.0.1 as one number
    'https://0x7f.1/',
  ])('refuses %s, which leads inside', async (url) => {
    const before = await storedUrl();
    const response = await save(url);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      message: MESSAGES.rpcUrlNotPublic,
      code: 'rpcUrlNotPublic',
      errors: { heliusRpcUrl: MESSAGES.rpcUrlNotPublic },
      errorCodes: { heliusRpcUrl: { code: 'rpcUrlNotPublic' } },
    });
    expect(await storedUrl()).toBe(before);
  });

  it('refuses a host name that resolves to no address, and one with an internal address among public ones', async () => {
    const unresolvable = await save('https://no-such-host.invalid/');
    expect(unresolvable.status).toBe(400);
    expect(unresolvable.body).toEqual({
      message: MESSAGES.rpcUrlUnresolvable,
      code: 'rpcUrlUnresolvable',
      errors: { heliusRpcUrl: MESSAGES.rpcUrlUnresolvable },
      errorCodes: { heliusRpcUrl: { code: 'rpcUrlUnresolvable' } },
    });

    dnsAnswers.set('mixed.rpc.test', ['93.184.216.34', '10.1.2.3']);
    const mixed = await save('https://mixed.rpc.test/');
    expect(mixed.status).toBe(400);
    expect(mixed.body.errors).toEqual({ heliusRpcUrl: MESSAGES.rpcUrlNotPublic });
  });

  it('accepts a public address, and a name that resolves only to public ones', async () => {
    expect((await save('https://93.184.216.34/?api-key=abc')).status).toBe(200);
    expect(await storedUrl()).toBe('https://93.184.216.34/?api-key=abc');
    dnsAnswers.set('rpc.provider.test', ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946']);
    expect((await save('https://rpc.provider.test/')).status).toBe(200);
    expect(await storedUrl()).toBe('https://rpc.provider.test/');
  });

  it('never connects to a stored URL that leads inside: the proxy and the verifier answer 503', async () => {
    for (const url of [
      `https://127.0.0.1:${internalPort}/`,
      `http://127.0.0.1:${internalPort}/`,
      `http://localhost:${internalPort}/`,
      `http://[::ffff:127.0.0.1]:${internalPort}/`,
    ]) {
      await storeByHand(url);
      const proxied = await api.request('POST', '/api/rpc', rpcCall);
      expect(proxied.status, url).toBe(503);
      expect(proxied.body).toEqual({ message: MESSAGES.chainUnavailable, code: 'chainUnavailable' });

      const verified = await deposit();
      expect(verified.status, url).toBe(503);
      expect(verified.body.retryable).toBe(true);
      expect(verified.body.message).toContain(MESSAGES.rpcProviderRefused);
    }
    expect(heard).toEqual({ connections: 0, requests: 0 });
  });

  it('checks again at every connection: a name that resolved to a public address when saved and now resolves inside is refused', async () => {
    dnsAnswers.set('rebinding.rpc.test', ['93.184.216.34']);
    expect((await save(`https://rebinding.rpc.test:${internalPort}/`)).status).toBe(200);

    dnsAnswers.set('rebinding.rpc.test', ['127.0.0.1']);
    expect((await api.request('POST', '/api/rpc', rpcCall)).status).toBe(503);
    const verified = await deposit();
    expect(verified.status).toBe(503);
    expect(verified.body.message).toContain(MESSAGES.rpcProviderRefused);
    expect(heard).toEqual({ connections: 0, requests: 0 });
  });

  it('trusts SOLANA_RPC_URL on this machine when settings name no provider', async () => {
    await storeByHand('');
    trustedRequests = 0;
    const response = await api.request('POST', '/api/rpc', rpcCall);
    expect(response).toMatchObject({ status: 200, body: { result: 42 } });
    expect(trustedRequests).toBe(1);
  });
});

describe('the provider URL, ALLOW_PRIVATE_RPC=1', () => {
  let api: TestServer;
  let token: string;
  beforeAll(async () => {
    api = await startTestServer({ solanaRpcUrl: trustedUrl, allowPrivateRpc: true, resolveHost, cacheTtlMs: 0 });
    token = await api.login();
  });
  afterAll(() => api.close());

  const save = (heliusRpcUrl: string) => api.request('PUT', '/api/admin/settings', { ...REQUIRED, heliusRpcUrl }, token);

  it('accepts internal addresses, still only over https', async () => {
    for (const url of [
      'https://127.0.0.1:8899/',
      'https://localhost/',
      'https://10.0.0.1/',
      'https://[fd00::1]/',
      'https://no-such-host.invalid/',
    ]) {
      expect((await save(url)).status, url).toBe(200);
    }
    expect((await save('http://127.0.0.1:8899/')).status).toBe(400);
  });

  it('connects to them', async () => {
    await api.db.query('UPDATE settings SET helius_rpc_url = :url WHERE id = 1', {
      replacements: { url: `http://localhost:${internalPort}/` },
    });
    expect((await api.request('POST', '/api/rpc', rpcCall)).status).toBe(200);
    expect(heard.requests).toBe(1);
  });
});
