import { createHash } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { createPlan, MINT, openStaking, STAKING_WALLET, stakeFor } from '../test/fixtures.js';
import { STEP_UP, startTestServer, type TestServer } from '../test/test-server.js';

// The three reads every holder page makes, as a client sees them on the wire: every header with
// its value, the ETag and its 304, HEAD, CORS, and the request log's one line per request. They are
// served on a short path (issue 17); this pins that nothing a client or an operator sees changed.

const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'none';" +
    "img-src 'self' data:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' https: 'unsafe-inline';" +
    'upgrade-insecure-requests',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};
const KEEP_ALIVE = { connection: 'keep-alive', 'keep-alive': 'timeout=5' };
const ALLOWED_ORIGIN = 'https://admin.example.com'; // the test server's CORS_ORIGINS
const CORS_ANSWER = {
  'access-control-allow-origin': ALLOWED_ORIGIN,
  vary: 'Origin',
  'access-control-expose-headers': 'X-Total-Count,X-Total-Count-Estimated,X-Next-Cursor',
};
const PATHS = ['/api/settings', '/api/staking-plans', '/api/stats'] as const;

type Answer = { status: number; headers: Record<string, string>; body: Buffer };

// A browser keeps its connection open; so does this client (the answer's Connection header depends on it).
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function call(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  const url = new URL(path, api.baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const all: Record<string, string> = {};
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i]!.toLowerCase();
          expect(all, `header ${name} sent twice`).not.toHaveProperty(name);
          all[name] = res.rawHeaders[i + 1]!;
        }
        resolve({ status: res.statusCode!, headers: all, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** The ETag of a body as the server makes it: weak, its length in hex, and its SHA-1 in base64url. */
const etagOf = (body: Buffer) => `W/"${body.length.toString(16)}-${createHash('sha1').update(body).digest('base64url')}"`;

/** Every header of a 200 JSON answer, Date aside (its value is the clock's). */
function expectFullAnswer(answer: Answer, extra: Record<string, string> = {}) {
  expect(answer.status).toBe(200);
  const { date, ...rest } = answer.headers;
  expect(date).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
  expect(rest).toEqual({
    ...SECURITY_HEADERS,
    ...extra,
    etag: etagOf(answer.body),
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(answer.body.length),
    ...KEEP_ALIVE,
  });
}

const logLines: Record<string, unknown>[] = [];
let api: TestServer;
let token: string;

beforeAll(async () => {
  const logger = createLogger('info', { write: (line: string) => void logLines.push(JSON.parse(line) as Record<string, unknown>) });
  api = await startTestServer({ logger });
  token = await api.login();
  await openStaking(api, token);
  await createPlan(api, token);
});
afterAll(async () => {
  agent.destroy();
  await api.close();
});

/** The request lines written since `from`, once `count` of them are there (each is written as its answer closes). */
async function requestLines(from: number, count: number) {
  const lines = () => logLines.slice(from).filter((line) => line.msg === 'request completed');
  for (let i = 0; i < 100 && lines().length < count; i++) await new Promise((resolve) => setTimeout(resolve, 10));
  return lines();
}

describe.each(PATHS)('GET %s', (path) => {
  it('answers JSON with every security header, its ETag and length, and nothing else', async () => {
    const answer = await call(path);
    expectFullAnswer(answer);
    expect(JSON.parse(answer.body.toString('utf8'))).toBeTypeOf('object');
    // Served twice from memory, it is the same answer.
    const again = await call(path);
    expect(again.body.equals(answer.body)).toBe(true);
    expect(again.headers.etag).toBe(answer.headers.etag);
  });

  it('answers 304 with no body to a client that holds its ETag, and 200 otherwise', async () => {
    const { headers, body } = await call(path);
    for (const ifNoneMatch of [headers.etag!, `"other", ${headers.etag}`, headers.etag!.slice(2), '*']) {
      const notModified = await call(path, { 'if-none-match': ifNoneMatch });
      expect(notModified.status, ifNoneMatch).toBe(304);
      expect(notModified.body.length).toBe(0);
      const { date, ...rest } = notModified.headers;
      expect(date).toBeDefined();
      expect(rest).toEqual({ ...SECURITY_HEADERS, etag: headers.etag, ...KEEP_ALIVE });
    }
    const unmet: Record<string, string>[] = [
      { 'if-none-match': 'W/"1-nope"' },
      { 'if-none-match': headers.etag!, 'cache-control': 'no-cache' },
      { 'if-modified-since': new Date().toUTCString() },
    ];
    for (const conditions of unmet) {
      const full = await call(path, conditions);
      expectFullAnswer(full);
      expect(full.body.equals(body)).toBe(true);
    }
  });

  it('answers HEAD with the same headers and no body', async () => {
    const get = await call(path);
    const head = await call(path, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    const { date: _getDate, ...getHeaders } = get.headers;
    const { date: _headDate, ...headHeaders } = head.headers;
    expect(headHeaders).toEqual(getHeaders);
  });

  it('adds the CORS headers for a configured origin only, and keeps the query string out of the route', async () => {
    expectFullAnswer(await call(path, { origin: ALLOWED_ORIGIN }), CORS_ANSWER);
    expectFullAnswer(await call(path, { origin: 'https://evil.example' }));
    expectFullAnswer(await call(path, { origin: 'app://stakedesk' }));
    expectFullAnswer(await call(`${path}?cache-buster=1`));
    expectFullAnswer(await call(`${path}/`));
    expectFullAnswer(await call(path.toUpperCase()));
  });

  it('answers a preflight from a configured origin, and OPTIONS from elsewhere with the methods it allows', async () => {
    const preflight = await call(path, { origin: ALLOWED_ORIGIN, 'access-control-request-method': 'GET' }, 'OPTIONS');
    expect(preflight.status).toBe(204);
    const { date, ...rest } = preflight.headers;
    expect(date).toBeDefined();
    expect(rest).toEqual({
      ...SECURITY_HEADERS,
      'access-control-allow-origin': ALLOWED_ORIGIN,
      vary: 'Origin, Access-Control-Request-Headers',
      'access-control-allow-methods': 'GET,HEAD,PUT,PATCH,POST,DELETE',
      'access-control-expose-headers': CORS_ANSWER['access-control-expose-headers'],
      'content-length': '0',
      ...KEEP_ALIVE,
    });
    const preflights: Record<string, string>[] = [{}, { origin: 'https://evil.example', 'access-control-request-method': 'GET' }];
    for (const headers of preflights) {
      const options = await call(path, headers, 'OPTIONS');
      expect(options.status).toBe(200);
      expect(options.body.toString()).toBe('GET, HEAD');
      const { date: _date, ...plain } = options.headers;
      expect(plain).toEqual({
        ...SECURITY_HEADERS,
        allow: 'GET, HEAD',
        'content-type': 'text/plain',
        'content-length': '9',
        ...KEEP_ALIVE,
      });
    }
  });

  it('writes one request line per answer: what was asked, from where, its status and time', async () => {
    const from = logLines.length;
    const { headers } = await call(path);
    await call(path, { 'if-none-match': headers.etag! });
    await call(`${path}?x=1`, {}, 'HEAD');
    const lines = await requestLines(from, 3);
    expect(lines).toHaveLength(3);
    const expected = [
      { method: 'GET', url: path, statusCode: 200 },
      { method: 'GET', url: path, statusCode: 304 },
      { method: 'HEAD', url: `${path}?x=1`, statusCode: 200 },
    ];
    const firstId = (lines[0]!.req as { id: number }).id;
    lines.forEach((line, i) => {
      expect(line).toEqual({
        level: 30,
        time: expect.any(Number),
        pid: process.pid,
        hostname: expect.any(String),
        req: { id: firstId + i, method: expected[i]!.method, url: expected[i]!.url, remoteAddress: '127.0.0.1' },
        res: { statusCode: expected[i]!.statusCode },
        responseTime: expect.any(Number),
        msg: 'request completed',
      });
    });
    // Nothing else was logged for them.
    expect(logLines.slice(from)).toHaveLength(3);
  });
});

describe('a changed answer', () => {
  async function expectNewVersion(path: string, change: () => Promise<void>, check: (body: unknown) => void) {
    const before = await call(path);
    await change();
    const after = await call(path, { 'if-none-match': before.headers.etag! });
    expectFullAnswer(after);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    check(JSON.parse(after.body.toString('utf8')));
    expect((await call(path, { 'if-none-match': after.headers.etag! })).status).toBe(304);
  }

  it('is served, with a new ETag, as soon as an admin changes the settings or a plan, or a stake moves the stats', async () => {
    await expectNewVersion(
      '/api/settings',
      async () => {
        const put = await api.request(
          'PUT',
          '/api/admin/settings',
          { tokenName: 'Renamed Token', tokenSymbol: 'TST', tokenContract: MINT, stakingWallet: STAKING_WALLET, ...STEP_UP },
          token,
        );
        expect(put.status).toBe(200);
      },
      (body) => expect(body).toMatchObject({ tokenName: 'Renamed Token' }),
    );
    let plan = { id: 0 };
    await expectNewVersion(
      '/api/staking-plans',
      async () => {
        plan = await createPlan(api, token, { name: 'Platinum' });
      },
      (body) => expect((body as { name: string }[]).map((p) => p.name)).toContain('Platinum'),
    );
    await expectNewVersion(
      '/api/stats',
      async () => {
        await stakeFor(api, plan, { amount: '5000' });
      },
      (body) => expect(body).toMatchObject({ totalStaked: '5000', totalStakers: 1 }),
    );
  });
});
