import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@stakedesk/shared/messages';
import { MINT, STAKING_WALLET } from '../test/fixtures.js';
import { startTestServer, type TestServer } from '../test/test-server.js';

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
const methodsReceived = () => received.flatMap(({ body }) => (Array.isArray(body) ? body : [body]).map((c: { method: string }) => c.method));

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

  it('refuses methods outside the allow-list without forwarding them', async () => {
    for (const body of [call('getProgramAccounts'), [call('getBalance'), call('requestAirdrop')]]) {
      const response = await api.request('POST', '/api/rpc', body);
      expect(response.status).toBe(403);
      expect(response.body.error.code).toBe(-32601);
      expect(response.body.error.message).toMatch(/^Method not allowed through this proxy: (getProgramAccounts|requestAirdrop)$/);
    }
    expect(received).toEqual([]);
  });

  it('refuses malformed calls, oversized batches and oversized bodies', async () => {
    expect((await api.request('POST', '/api/rpc', { id: 1 })).status).toBe(400);
    expect((await api.request('POST', '/api/rpc', [])).status).toBe(400);
    expect((await api.request('POST', '/api/rpc', Array.from({ length: 11 }, (_, i) => call('getBalance', i)))).status).toBe(400);
    expect((await api.request('POST', '/api/rpc', '{"method":')).status).toBe(400);
    const huge = await api.request('POST', '/api/rpc', { ...call('sendTransaction'), params: ['x'.repeat(70_000)] });
    expect(huge.status).toBe(413);
    expect(received).toEqual([]);
  });

  it('uses the provider URL and key from settings, and never shows the key to a browser', async () => {
    const settings = { tokenName: 'Test Token', tokenSymbol: 'TST', tokenContract: MINT, stakingWallet: STAKING_WALLET, heliusApiKey: 'fake-key-42' };
    expect((await api.request('PUT', '/api/admin/settings', settings, token)).status).toBe(200);
    // An http URL on this machine, as for a local validator: only plain SQL can store one.
    await api.sequelize.query('UPDATE settings SET helius_rpc_url = :url WHERE id = 1', { replacements: { url: `${upstreamUrl}/provider` } });
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
    await api.sequelize.query(`UPDATE settings SET helius_rpc_url = 'http://127.0.0.1:9/' WHERE id = 1`);
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
    expect(refused.body).toEqual({ message: MESSAGES.tooManyRequests });
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
