import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@stakedesk/shared/messages';
import { MINT, STAKING_WALLET } from '../test/fixtures.js';
import { startTestServer, STEP_UP, type TestServer } from '../test/test-server.js';

/** A stand-in for the RPC provider: records what reaches it and answers every call with the slot 42. */
let upstream: Server;
let upstreamUrl: string;
const received: { url: string; body: any; headers: IncomingHttpHeaders }[] = [];

async function readBody(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += chunk;
  return body;
}

beforeAll(async () => {
  upstream = createServer(async (req, res) => {
    const body = JSON.parse(await readBody(req));
    received.push({ url: req.url!, body, headers: req.headers });
    const answer = (call: { id: unknown }) => ({ jsonrpc: '2.0', id: call.id, result: 42 });
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(Array.isArray(body) ? body.map(answer) : answer(body)));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(() => upstream.close());
beforeEach(() => {
  received.length = 0;
});

const call = (method: string, id: number | string = 1) => ({ jsonrpc: '2.0', id, method, params: [] });
const methodsReceived = () =>
  received.flatMap(({ body }) => (Array.isArray(body) ? body : [body]).map((c: { method: string }) => c.method));

const HOLDER_METHODS = [
  'getAccountInfo',
  'getBalance',
  'getBlockHeight',
  'getLatestBlockhash',
  'getSignatureStatuses',
  'getTokenAccountBalance',
  'getTokenAccountsByOwner',
];
const ADMIN_ONLY_METHODS = [
  'getFeeForMessage',
  'getMinimumBalanceForRentExemption',
  'getMultipleAccounts',
  'getSlot',
  'getVersion',
  'isBlockhashValid',
  'sendTransaction',
  'simulateTransaction',
];

describe('/api/rpc', () => {
  let api: TestServer;
  let token: string;
  beforeAll(async () => {
    // The provider URL tests point settings at a local listener, as for a local validator.
    api = await startTestServer({ solanaRpcUrl: `${upstreamUrl}/fallback`, allowPrivateRpc: true, cacheTtlMs: 0 });
    token = await api.login();
  });
  afterAll(() => api.close());

  it('forwards an allowed call to SOLANA_RPC_URL and answers with the upstream result', async () => {
    const response = await api.request('POST', '/api/rpc', call('getBlockHeight', 7));
    expect(response).toMatchObject({ status: 200, body: { jsonrpc: '2.0', id: 7, result: 42 } });
    expect(received).toMatchObject([{ url: '/fallback', body: call('getBlockHeight', 7) }]);
  });

  it('forwards batches within the limit', async () => {
    const response = await api.request('POST', '/api/rpc', [call('getLatestBlockhash', 1), call('getBalance', 2)]);
    expect(response.status).toBe(200);
    expect(response.body.map((r: { id: number }) => r.id)).toEqual([1, 2]);
  });

  it("lets anyone make the holder app's reads", async () => {
    const response = await api.request(
      'POST',
      '/api/rpc',
      HOLDER_METHODS.map((method, i) => call(method, i)),
    );
    expect(response.status).toBe(200);
    expect(methodsReceived()).toEqual(HOLDER_METHODS);
  });

  it('refuses anonymous calls outside the holder set with 403, without forwarding them', async () => {
    const refused = [...ADMIN_ONLY_METHODS.filter((method) => method !== 'sendTransaction'), 'getProgramAccounts', 'requestAirdrop'];
    for (const method of refused) {
      const response = await api.request('POST', '/api/rpc', call(method, 'x'));
      expect(response.status, method).toBe(403);
      expect(response.body).toEqual({
        jsonrpc: '2.0',
        id: 'x',
        error: { code: -32601, message: `Method not allowed through this proxy: ${method}` },
      });
    }
    // One refused call refuses its whole batch.
    const batch = await api.request('POST', '/api/rpc', [call('getBalance', 1), call('getMultipleAccounts', 2)]);
    expect(batch.status).toBe(403);
    expect(batch.body.error.message).toBe('Method not allowed through this proxy: getMultipleAccounts');
    expect(received).toEqual([]);
  });

  it('asks for an admin sign-in (401) before sending a transaction, alone or in a batch', async () => {
    for (const body of [call('sendTransaction'), [call('getLatestBlockhash', 1), call('sendTransaction', 2)]]) {
      const response = await api.request('POST', '/api/rpc', body);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: MESSAGES.rpcAdminRequired, code: 'rpcAdminRequired' });
    }
    expect(received).toEqual([]);
  });

  it('lets an admin token send transactions and make the reads that build them; the token stays here', async () => {
    for (const method of ADMIN_ONLY_METHODS) {
      const response = await api.request('POST', '/api/rpc', call(method, method), token);
      expect(response, method).toMatchObject({ status: 200, body: { id: method, result: 42 } });
    }
    const batch = await api.request(
      'POST',
      '/api/rpc',
      [call('getMultipleAccounts', 1), call('getLatestBlockhash', 2), call('sendTransaction', 3)],
      token,
    );
    expect(batch.status).toBe(200);
    expect(batch.body.map((r: { id: number }) => r.id)).toEqual([1, 2, 3]);
    expect(methodsReceived()).toEqual([...ADMIN_ONLY_METHODS, 'getMultipleAccounts', 'getLatestBlockhash', 'sendTransaction']);
    expect(received.every(({ headers }) => headers.authorization === undefined)).toBe(true);
  });

  it('refuses what nobody may call even with an admin token', async () => {
    const response = await api.request('POST', '/api/rpc', [call('sendTransaction', 1), call('getProgramAccounts', 2)], token);
    expect(response.status).toBe(403);
    expect(response.body.error).toEqual({ code: -32601, message: 'Method not allowed through this proxy: getProgramAccounts' });
    expect(received).toEqual([]);
  });

  it('answers 401 for a bad or expired admin token, whatever the methods', async () => {
    const claims = jwt.decode(token) as { sub: string; tv: number };
    const expired = jwt.sign({ sub: claims.sub, tv: claims.tv, typ: 'admin' }, api.jwtSecret, { algorithm: 'HS256', expiresIn: -10 });
    const forged = jwt.sign({ sub: claims.sub, tv: claims.tv, typ: 'admin' }, 'not the server secret', {
      algorithm: 'HS256',
      expiresIn: 3600,
    });
    const cases = [
      ['not-a-jwt', 'invalidToken'],
      [forged, 'invalidToken'],
      [expired, 'sessionExpired'],
    ] as const;
    for (const [badToken, code] of cases) {
      for (const body of [call('sendTransaction'), call('getBalance')]) {
        const response = await api.request('POST', '/api/rpc', body, badToken);
        expect(response.status).toBe(401);
        expect(response.body).toEqual({ message: MESSAGES[code], code });
      }
    }
    const notBearer = await fetch(`${api.baseUrl}/api/rpc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Basic cm9vdDpwdw==' },
      body: JSON.stringify(call('sendTransaction')),
    });
    expect(notBearer.status).toBe(401);
    expect(received).toEqual([]);
  });

  it('refuses malformed calls, oversized batches and oversized bodies', async () => {
    expect((await api.request('POST', '/api/rpc', { id: 1 })).status).toBe(400);
    expect((await api.request('POST', '/api/rpc', [])).status).toBe(400);
    expect(
      (
        await api.request(
          'POST',
          '/api/rpc',
          Array.from({ length: 11 }, (_, i) => call('getBalance', i)),
        )
      ).status,
    ).toBe(400);
    expect((await api.request('POST', '/api/rpc', '{"method":')).status).toBe(400);
    const huge = await api.request('POST', '/api/rpc', { ...call('sendTransaction'), params: ['x'.repeat(70_000)] });
    expect(huge.status).toBe(413);
    expect(received).toEqual([]);
  });

  it('uses the provider URL and key from settings, and never shows the key to a browser', async () => {
    const settings = {
      tokenName: 'Test Token',
      tokenSymbol: 'TST',
      tokenContract: MINT,
      stakingWallet: STAKING_WALLET,
      heliusApiKey: 'fake-key-42',
      ...STEP_UP,
    };
    expect((await api.request('PUT', '/api/admin/settings', settings, token)).status).toBe(200);
    // An http URL on this machine, as for a local validator: only plain SQL can store one.
    await api.db.query('UPDATE settings SET helius_rpc_url = :url WHERE id = 1', {
      replacements: { url: `${upstreamUrl}/provider` },
    });
    const response = await api.request('POST', '/api/rpc', call('getBalance'));
    expect(response.status).toBe(200);
    expect(received[0]!.url).toBe('/provider?api-key=fake-key-42');

    const config = await api.request('GET', '/api/helius-config');
    expect(config.body).toEqual({ apiUrl: `${api.baseUrl}/api/rpc` });
    for (const path of ['/api/settings', '/api/helius-config', '/api/staking-plans']) {
      expect(JSON.stringify((await api.request('GET', path)).body)).not.toContain('fake-key-42');
    }
  });

  it('answers 503 when the upstream cannot be reached', async () => {
    await api.db.query(`UPDATE settings SET helius_rpc_url = 'http://127.0.0.1:9/' WHERE id = 1`);
    const response = await api.request('POST', '/api/rpc', call('getBalance'));
    expect(response.status).toBe(503);
    expect(response.body.message).toBe(MESSAGES.chainUnavailable);
  });
});

describe('/api/rpc rate limit', () => {
  const LIMIT = 12;
  let api: TestServer;
  beforeAll(async () => {
    api = await startTestServer({ solanaRpcUrl: upstreamUrl, rpcRateLimit: LIMIT });
  });
  afterAll(() => api.close());

  const batchOf = (size: number) => Array.from({ length: size }, (_, i) => call('getBalance', i));

  it('counts JSON-RPC calls, not requests, and refuses a batch that would cross the limit whole', async () => {
    expect((await api.request('POST', '/api/rpc', batchOf(10))).status).toBe(200);

    // 10 + 3 would pass 12: refused whole, nothing forwarded, nothing counted.
    const refused = await api.request('POST', '/api/rpc', batchOf(3));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: MESSAGES.tooManyRequests, code: 'tooManyRequests' });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(methodsReceived()).toHaveLength(10);

    // Exactly the 2 calls left still fit; then nothing does.
    expect((await api.request('POST', '/api/rpc', batchOf(2))).status).toBe(200);
    expect((await api.request('POST', '/api/rpc', call('getBalance'))).status).toBe(429);
    expect(methodsReceived()).toHaveLength(12);
  });
});

describe('GET /api/helius-config', () => {
  const PUBLIC_URL = 'https://stake.example.com';
  let api: TestServer;
  beforeAll(async () => {
    // One proxy in front, so that X-Forwarded-Host and -Proto would count if anything read them.
    api = await startTestServer({ publicUrl: PUBLIC_URL, trustProxy: 1 });
  });
  afterAll(() => api.close());

  /** A raw request: fetch will not send a Host header of the caller's choosing. */
  function getWithHeaders(headers: Record<string, string>): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
    const { port } = new URL(api.baseUrl);
    return new Promise((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/api/helius-config', headers }, async (res) => {
        resolve({ status: res.statusCode!, headers: res.headers, body: await readBody(res) });
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('names the proxy at the configured public origin, whatever Host the request claims, and is never cached', async () => {
    const claimedHosts: Record<string, string>[] = [
      { host: 'attacker.example' },
      { host: 'attacker.example', 'x-forwarded-host': 'attacker.example', 'x-forwarded-proto': 'http' },
      { host: 'attacker.example:8443' },
    ];
    for (const headers of claimedHosts) {
      const answer = await getWithHeaders(headers);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ apiUrl: `${PUBLIC_URL}/api/rpc` });
      expect(answer.body).not.toContain('attacker');
      expect(answer.headers['cache-control']).toBe('no-store');
    }
  });
});
