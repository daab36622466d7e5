import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@stakedesk/shared/messages';
import { newHolder, startTestServer, type TestServer } from '../test/test-server.js';

// Small limits for the holder-facing limiters (admin login: admin-auth.test.ts).
let api: TestServer;
let upstream: Server;

beforeAll(async () => {
  upstream = createServer((_req, res) => res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: 1 })));
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const solanaRpcUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  api = await startTestServer({ signInRateLimit: 3, rpcRateLimit: 2, intentRateLimit: 3, solanaRpcUrl });
});
afterAll(async () => {
  await api.close();
  upstream.close();
});

describe('rate limits', () => {
  it('limits holder sign-in requests', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await api.request('POST', '/api/auth/nonce', { walletAddress: newHolder().wallet })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const blocked = await api.request('POST', '/api/auth/nonce', { walletAddress: newHolder().wallet });
    expect(blocked.body.message).toBe(MESSAGES.tooManySignIns);
  });

  it('limits starting deposits (INTENT_RATE_LIMIT): every request counts, signed in or not', async () => {
    const body = { planId: 1, amount: '100', walletAddress: newHolder().wallet };
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await api.request('POST', '/api/stakes/intents', body)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const blocked = await api.request('POST', '/api/stakes/intents', body);
    expect(blocked.body).toEqual({ message: MESSAGES.tooManyIntents, code: 'tooManyIntents' });
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    // Reading or cancelling an intent is not starting one (there is no intent 1; a scan intent's state needs no session).
    expect((await api.request('GET', '/api/stakes/intents/1')).status).toBe(404);
    expect((await api.request('DELETE', '/api/stakes/intents/1')).status).toBe(401);
  });

  it('limits RPC proxy calls', async () => {
    const call = { jsonrpc: '2.0', id: 1, method: 'getBalance' };
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await api.request('POST', '/api/rpc', call)).status);
    expect(statuses).toEqual([200, 200, 429]);
  });
});
