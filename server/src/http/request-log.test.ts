import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StakingPlan } from '@stakedesk/shared/api-types';
import { createLogger } from '../logger.js';
import { signedInWallet, startStakingServer } from '../test/fixtures.js';
import { randomTxId, type TestServer } from '../test/test-server.js';

type LogRecord = { level: number; msg?: string; req?: { method: string; url: string }; res?: { statusCode: number } };

const DEBUG = 20;
const INFO = 30;
const ERROR = 50;

/** What the server's logger wrote at info (LOG_LEVEL's default) and at debug. */
const atInfo: LogRecord[] = [];
const atDebug: LogRecord[] = [];
const collect = (records: LogRecord[]) => ({ write: (line: string) => void records.push(JSON.parse(line) as LogRecord) });

let api: TestServer;
let token: string;
let plan: StakingPlan;

beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'stakedesk-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Stakedesk</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'export {};\n');
  writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\n');
  const logger = createLogger(
    'debug',
    pino.multistream([
      { level: 'info', stream: collect(atInfo) },
      { level: 'debug', stream: collect(atDebug) },
    ]),
  );
  ({ api, token, plan } = await startStakingServer({ logger, webDist: dist }));
});
afterAll(() => api.close());

const lineIn = (records: LogRecord[], method: string, url: string) =>
  records.find((record) => record.req?.method === method && record.req.url === url);

/**
 * The line logged for `method url`, as a server at LOG_LEVEL=info (the default) and at debug
 * writes it; it is written as the request's answer closes, to both at once.
 */
async function requestLine(method: string, url: string): Promise<{ atInfo?: LogRecord; atDebug?: LogRecord }> {
  for (let i = 0; i < 100 && !lineIn(atDebug, method, url); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  return { atInfo: lineIn(atInfo, method, url), atDebug: lineIn(atDebug, method, url) };
}

/** Every warning or error logged since `from` (an index into atInfo). */
const trouble = (from: number) => atInfo.slice(from).filter((record) => record.level > INFO);

/** Sends a request and closes the connection once `leave` resolves, as a browser tab that is closed. */
function leaveEarly(
  options: { method: string; path: string; headers?: Record<string, string>; body?: string },
  leave: 'on answer' | 'mid-body',
) {
  const url = new URL(api.baseUrl);
  return new Promise<void>((resolve) => {
    const sent = request({ host: url.hostname, port: url.port, method: options.method, path: options.path, headers: options.headers });
    sent.on('error', () => undefined);
    sent.on('close', () => resolve());
    if (leave === 'on answer') {
      sent.on('response', () => sent.destroy());
      sent.end();
    } else {
      sent.write(options.body ?? '');
      setTimeout(() => sent.destroy(), 100);
    }
  });
}

describe('the request log', () => {
  it('logs a closed admin tab (its event stream ended by the client) at info, not as a warning', async () => {
    const from = atInfo.length;
    await leaveEarly({ method: 'GET', path: '/api/admin/events', headers: { authorization: `Bearer ${token}` } }, 'on answer');
    expect((await requestLine('GET', '/api/admin/events')).atInfo).toMatchObject({ level: INFO, msg: 'request aborted' });
    expect(trouble(from)).toEqual([]);
  });

  it('logs a client that leaves in the middle of sending its body at info, with no warning or error', async () => {
    const from = atInfo.length;
    await leaveEarly(
      {
        method: 'POST',
        path: '/api/admin/login',
        headers: { 'content-type': 'application/json', 'content-length': '200' },
        body: '{"username":',
      },
      'mid-body',
    );
    // Answered 400 as the body broke off, or aborted if the socket was gone first: info either way.
    expect((await requestLine('POST', '/api/admin/login')).atInfo).toMatchObject({ level: INFO });
    expect(trouble(from)).toEqual([]);
  });

  it('logs a deposit not found yet (404, and 503 retryable) at info, not as an error', async () => {
    const from = atInfo.length;
    const missing = await api.request('GET', '/api/stakes/intents/2147483000');
    expect(missing.status).toBe(404);
    expect((await requestLine('GET', '/api/stakes/intents/2147483000')).atInfo).toMatchObject({ level: INFO, res: { statusCode: 404 } });

    const walletAddress = await signedInWallet(api);
    const notOnChainYet = await api.request(
      'POST',
      '/api/stakes',
      { planId: plan.id, txId: randomTxId(), walletAddress, amount: '1000' },
      { as: walletAddress },
    );
    expect(notOnChainYet.status).toBe(503);
    expect(notOnChainYet.body).toMatchObject({ retryable: true });
    expect((await requestLine('POST', '/api/stakes')).atInfo).toMatchObject({ level: INFO, res: { statusCode: 503 } });
    expect(trouble(from)).toEqual([]);
  });

  it('logs a failure of the server (500) as an error', async () => {
    await api.db.query('ALTER TABLE deposit_intents RENAME TO deposit_intents_away');
    try {
      const failed = await api.request('GET', '/api/stakes/intents/1');
      expect(failed.status).toBe(500);
    } finally {
      await api.db.query('ALTER TABLE deposit_intents_away RENAME TO deposit_intents');
    }
    expect((await requestLine('GET', '/api/stakes/intents/1')).atInfo).toMatchObject({ level: ERROR, msg: 'request errored' });
    expect(atInfo).toContainEqual(expect.objectContaining({ level: ERROR, msg: 'unhandled error', url: '/api/stakes/intents/1' }));
  });

  it("logs a page at info and the web app's files (scripts, robots.txt, a favicon) at debug only", async () => {
    for (const file of ['/assets/index-abc123.js', '/robots.txt', '/favicon.ico']) {
      expect((await api.request('GET', file)).status, file).toBe(200);
      const line = await requestLine('GET', file);
      expect(line.atDebug, file).toMatchObject({ level: DEBUG, msg: 'request completed', res: { statusCode: 200 } });
      expect(line.atInfo, file).toBeUndefined();
    }
    expect((await api.request('GET', '/dashboard')).status).toBe(200);
    expect((await requestLine('GET', '/dashboard')).atInfo).toMatchObject({ level: INFO, res: { statusCode: 200 } });
  });

  it('logs a file the web app does not have at info: a page asks for a script that is gone', async () => {
    expect((await api.request('GET', '/assets/index-gone99.js')).status).toBe(404);
    expect((await requestLine('GET', '/assets/index-gone99.js')).atInfo).toMatchObject({ level: INFO, res: { statusCode: 404 } });
  });
});
