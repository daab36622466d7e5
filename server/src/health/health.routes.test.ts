import parsePrometheusTextFormat, { type MetricFamily } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestChain, type TestChain } from '@stakedesk/test-support/test-chain';
import { randomWallet, startTestServer, type TestServer } from '../test/test-server.js';
import { chainCheck, databaseCheck } from './readiness.js';

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(() => chain.close());

const scrape = async (api: TestServer, headers: Record<string, string> = {}) => {
  const response = await fetch(`${api.baseUrl}/metrics`, { headers });
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
};
const family = (families: MetricFamily[], name: string) => families.find((f) => f.name === name);

describe('health for orchestrators', () => {
  let api: TestServer;
  beforeAll(async () => {
    api = await startTestServer({
      readinessChecks: (sequelize) => ({ database: databaseCheck(sequelize), chain: chainCheck(async () => chain.url, fetch) }),
    });
  });
  afterAll(() => api.close());

  it('/livez answers while the process runs; /readyz shows each dependency and is 200 when all are up', async () => {
    expect(await api.request('GET', '/livez')).toMatchObject({ status: 200, body: { status: 'ok' } });
    const ready = await api.request('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      status: 'ready',
      checks: { database: { ok: true }, chain: { ok: true, slot: expect.any(Number), slotsBehind: 0 } },
    });
  });

  it('/metrics: Prometheus text that a parser reads, requests counted by their route pattern, never by a wallet', async () => {
    await api.request('GET', '/api/staking-plans');
    await api.request('GET', `/api/stakes/${randomWallet()}`);
    await api.request('GET', '/api/no-such-thing');
    const { status, type, text } = await scrape(api);
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/plain; version=0\.0\.4/);
    const families = parsePrometheusTextFormat(text);
    const requests = family(families, 'stakedesk_http_requests_total')!;
    expect(requests.type).toBe('COUNTER');
    const routes = requests.metrics.map((m) => `${m.labels!.method} ${m.labels!.route} ${m.labels!.status}`);
    expect(routes).toEqual(
      expect.arrayContaining(['GET /api/staking-plans 200', 'GET /api/stakes/:walletAddress 200', 'GET (no route) 404']),
    );
    expect(text).not.toMatch(/\/api\/stakes\/[1-9A-HJ-NP-Za-km-z]{32,}/);
    expect(family(families, 'stakedesk_http_request_duration_seconds')!.type).toBe('HISTOGRAM');
    // Probes are not traffic.
    expect(routes.some((r) => /livez|readyz|metrics/.test(r))).toBe(false);
    expect(family(families, 'stakedesk_process_resident_memory_bytes')).toBeDefined();
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  it('answers this machine only, not a client behind a proxy', async () => {
    const proxied = await startTestServer({ trustProxy: 1 });
    try {
      const refused = await fetch(`${proxied.baseUrl}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ code: 'metricsLocalOnly' });
    } finally {
      await proxied.close();
    }
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  it('needs that bearer token', async () => {
    const token = 'a'.repeat(12) + 'b'.repeat(12);
    const api = await startTestServer({ metricsToken: token });
    try {
      expect((await scrape(api)).status).toBe(401);
      expect((await scrape(api, { authorization: `Bearer ${token}x` })).status).toBe(401);
      expect((await scrape(api, { authorization: `Bearer ${token}` })).status).toBe(200);
    } finally {
      await api.close();
    }
  });
});

describe('/readyz when a dependency is down', () => {
  it('is 503, naming what failed, while the rest still answer', async () => {
    // A provider that trails the cluster by 500 slots, as getHealth says so.
    const behind: typeof fetch = async (_url, init) =>
      new Response(
        JSON.stringify(
          JSON.parse(String(init?.body)).method === 'getSlot'
            ? { jsonrpc: '2.0', id: 1, result: 1_000 }
            : { jsonrpc: '2.0', id: 1, error: { code: -32005, message: 'Node is behind by 500 slots', data: { numSlotsBehind: 500 } } },
        ),
      );
    const api = await startTestServer({
      readinessChecks: (sequelize) => ({
        database: databaseCheck(sequelize),
        chain: chainCheck(async () => 'http://127.0.0.1:9/down', fetch),
        lagging: chainCheck(async () => 'http://rpc.example/', behind),
      }),
    });
    try {
      const ready = await api.request('GET', '/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body.status).toBe('unavailable');
      expect(ready.body.checks.database).toEqual({ ok: true });
      expect(ready.body.checks.chain).toMatchObject({ ok: false, detail: expect.any(String) });
      expect(ready.body.checks.lagging).toMatchObject({ ok: false, slotsBehind: 500, detail: 'Node is behind by 500 slots' });
      expect((await api.request('GET', '/livez')).status).toBe(200);
    } finally {
      await api.close();
    }
  });
});
