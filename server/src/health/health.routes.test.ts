import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Keypair } from '@solana/web3.js';
import parsePrometheusTextFormat, { type MetricFamily } from 'parse-prometheus-text-format';
import { Sequelize } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestChain, type TestChain } from '@stakedesk/test-support/test-chain';
import { randomWallet, startTestServer, type TestServer } from '../test/test-server.js';
import { keyfileSigner } from '../signer/keyfile-signer.js';
import { createMetrics } from '../metrics/metrics.js';
import { CHAIN_CHECK_CACHE_MS, chainCheck, databaseCheck, signerCheck } from './readiness.js';
import { addStateGauges } from './state-gauges.js';

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
      readinessChecks: (db) => ({ database: databaseCheck(db), chain: chainCheck(async () => chain.url, fetch) }),
    });
  });
  afterAll(() => api.close());

  it('/livez answers while the process runs; /readyz shows each dependency and is 200 when all are up', async () => {
    expect(await api.request('GET', '/livez')).toMatchObject({ status: 200, body: { status: 'ok' } });
    const ready = await api.request('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', checks: { database: { ok: true }, chain: { ok: true, slotsBehind: 0 } } });
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
    expect(family(families, 'process_resident_memory_bytes')).toBeDefined();
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
  it('is 503, naming what failed to this machine, while the rest still answer', async () => {
    // A provider that trails the cluster by 500 slots, as getHealth says so.
    const behind: typeof fetch = async () =>
      new Response(
        JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          error: { code: -32005, message: 'Node is behind by 500 slots', data: { numSlotsBehind: 500 } },
        }),
      );
    const api = await startTestServer({
      readinessChecks: (db) => ({
        database: databaseCheck(db),
        chain: chainCheck(async () => 'http://127.0.0.1:9/down', fetch),
        lagging: chainCheck(async () => 'http://rpc.example/', behind),
      }),
    });
    try {
      const ready = await api.request('GET', '/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body.status).toBe('unavailable');
      expect(ready.body.checks.database).toEqual({ ok: true });
      expect(ready.body.checks.chain).toEqual({ ok: false, detail: 'fetch failed' });
      expect(ready.body.checks.lagging).toEqual({ ok: false, slotsBehind: 500, detail: 'Node is behind by 500 slots' });
      expect((await api.request('GET', '/livez')).status).toBe(200);
    } finally {
      await api.close();
    }
  });
});

describe('/readyz for anyone (DESIGN 15)', () => {
  const hot = Keypair.generate();
  const keyDir = mkdtempSync(path.join(tmpdir(), 'stakedesk-readyz-'));
  const keyFile = path.join(keyDir, 'hot.json');
  writeFileSync(keyFile, JSON.stringify(Array.from(hot.secretKey)), { mode: 0o600 });
  afterAll(() => rmSync(keyDir, { recursive: true, force: true }));
  const checksOf = (db: Sequelize) => ({
    database: databaseCheck(db),
    chain: chainCheck(async () => chain.url, fetch),
    signer: signerCheck(keyfileSigner(keyFile)),
  });
  const probe = (api: TestServer, headers: Record<string, string> = {}) =>
    fetch(`${api.baseUrl}/readyz`, { headers }).then(async (response) => ({ status: response.status, text: await response.text() }));
  const chainCalls = () => chain.requests.filter((request) => request.method === 'getHealth' || request.method === 'getSlot').length;

  it('answers a client behind the proxy whether each check passes, and nothing else: no wallet, no lag, no error', async () => {
    const api = await startTestServer({ trustProxy: 1, readinessChecks: checksOf });
    try {
      const anonymous = await probe(api, { 'x-forwarded-for': '203.0.113.9' });
      expect(anonymous.status).toBe(200);
      expect(JSON.parse(anonymous.text)).toEqual({
        status: 'ready',
        checks: { database: { ok: true }, chain: { ok: true }, signer: { ok: true } },
      });
      expect(anonymous.text).not.toContain(hot.publicKey.toBase58());
      // This machine itself (no METRICS_TOKEN set, as for /metrics) reads the detail.
      expect(JSON.parse((await probe(api)).text).checks).toEqual({
        database: { ok: true },
        chain: { ok: true, slotsBehind: 0 },
        signer: { ok: true, wallet: hot.publicKey.toBase58() },
      });
    } finally {
      await api.close();
    }
  });

  it('gives the detail with METRICS_TOKEN as the bearer, and to no one else, this machine included', async () => {
    const token = 'r'.repeat(24);
    const api = await startTestServer({ metricsToken: token, readinessChecks: checksOf });
    try {
      expect(JSON.parse((await probe(api)).text).checks.signer).toEqual({ ok: true });
      expect(JSON.parse((await probe(api, { authorization: `Bearer ${token}x` })).text).checks.signer).toEqual({ ok: true });
      expect(JSON.parse((await probe(api, { authorization: `Bearer ${token}` })).text).checks.signer).toEqual({
        ok: true,
        wallet: hot.publicKey.toBase58(),
      });
    } finally {
      await api.close();
    }
  });

  it('costs the provider at most one call per 5 seconds, however many probes come, together or one by one', async () => {
    const api = await startTestServer({ trustProxy: 1, readinessChecks: checksOf });
    try {
      const before = chainCalls();
      const started = Date.now();
      const together = await Promise.all(Array.from({ length: 25 }, () => probe(api, { 'x-forwarded-for': '203.0.113.9' })));
      for (let i = 0; i < 25; i++) expect((await probe(api, { 'x-forwarded-for': '203.0.113.9' })).status).toBe(200);
      expect(together.every((answer) => answer.status === 200)).toBe(true);
      // One call for the first 5 seconds (all 50 on an idle machine), one more per 5 seconds a loaded one takes.
      const windows = 1 + Math.floor((Date.now() - started) / CHAIN_CHECK_CACHE_MS);
      const made = chainCalls() - before;
      expect(made).toBeGreaterThanOrEqual(1);
      expect(made).toBeLessThanOrEqual(windows);
      // Its answer is not kept longer: a probe 5 seconds on asks again.
      await new Promise((resolve) => setTimeout(resolve, CHAIN_CHECK_CACHE_MS + 50));
      await probe(api);
      expect(chainCalls() - before).toBe(made + 1);
    } finally {
      await api.close();
    }
  });

  it('with only the database down, fails the database alone: the provider is checked at its last address, the queue waits for it', async () => {
    const token = 'q'.repeat(24);
    let databaseUp = true;
    const database = new Sequelize('stakedesk', 'stakedesk', 'x', { dialect: 'postgres', host: '127.0.0.1', port: 9, logging: false });
    let queueAsked = 0;
    const api = await startTestServer({
      metricsToken: token,
      readinessChecks: (db) => ({
        database: () => databaseCheck(databaseUp ? db : database)(),
        // The provider's address is a setting: reading it fails while the database is down.
        chain: chainCheck(async () => {
          if (!databaseUp) throw new Error('the settings could not be read');
          return chain.url;
        }, fetch),
        queue: async () => {
          queueAsked += 1;
          return { ok: databaseUp, failedRounds: 0 };
        },
      }),
      metrics: (db) => {
        const metrics = createMetrics();
        addStateGauges(metrics, db, { checks: { database: databaseCheck(database), queue: async () => ({ ok: false }) } });
        return metrics;
      },
    });
    try {
      expect((await probe(api, { authorization: `Bearer ${token}` })).status).toBe(200);
      databaseUp = false;
      await new Promise((resolve) => setTimeout(resolve, CHAIN_CHECK_CACHE_MS + 50));
      const asked = queueAsked;
      const answer = await probe(api, { authorization: `Bearer ${token}` });
      expect(answer.status).toBe(503);
      expect(JSON.parse(answer.text).checks).toEqual({
        database: { ok: false, detail: 'connect ECONNREFUSED …' },
        chain: { ok: true, slotsBehind: 0 },
        queue: { ok: false, waitsFor: 'database', detail: 'not checked: it lives in the database, which does not answer' },
      });
      expect(queueAsked).toBe(asked);
      // An alert sees the database's failure, and no second one for what waits for it.
      const ready = family(parsePrometheusTextFormat((await scrape(api, { authorization: `Bearer ${token}` })).text), 'stakedesk_ready')!;
      expect(ready.metrics).toEqual([{ labels: { check: 'database' }, value: '0' }]);
    } finally {
      await api.close();
      await database.close();
    }
  });

  it("never says where the database lives: a Unix socket's path, an address or a port", async () => {
    const token = 'd'.repeat(24);
    const unreachable = (host: string) =>
      new Sequelize('stakedesk', 'stakedesk', 'x', { dialect: 'postgres', host, port: 9, logging: false });
    const socket = unreachable('/tmp/stakedesk-readyz-nowhere');
    const tcp = unreachable('127.0.0.1');
    const api = await startTestServer({
      metricsToken: token,
      readinessChecks: () => ({ socket: databaseCheck(socket), tcp: databaseCheck(tcp) }),
    });
    try {
      const answer = await probe(api, { authorization: `Bearer ${token}` });
      expect(answer.status).toBe(503);
      expect(JSON.parse(answer.text).checks).toEqual({
        socket: { ok: false, detail: 'connect ENOENT …' },
        tcp: { ok: false, detail: 'connect ECONNREFUSED …' },
      });
      expect(answer.text).not.toMatch(/\/tmp|PGSQL|127\.0\.0\.1|:9\b/);
    } finally {
      await api.close();
      await Promise.all([socket.close(), tcp.close()]);
    }
  });
});
