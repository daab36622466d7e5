import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@stakedesk/shared/messages';
import { startTestServer, type TestServer } from '../test/test-server.js';

let api: TestServer;
beforeAll(async () => {
  api = await startTestServer();
});
afterAll(() => api.close());

describe('the API basics', () => {
  it('answers /api/health with ok when the database is up', async () => {
    const response = await api.request('GET', '/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('answers unknown /api paths with a JSON 404, not the web app', async () => {
    const response = await api.request('GET', '/api/nothing-here');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: MESSAGES.notFound, code: 'notFound' });
  });

  it('refuses malformed JSON with a 400 that says so, without a stack trace', async () => {
    const response = await api.request('POST', '/api/withdrawals', '{"planId": 1,');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: MESSAGES.malformedJson, code: 'malformedJson' });
  });

  it('refuses a body over the size limit with 413', async () => {
    const response = await api.request('POST', '/api/withdrawals', { stakeId: 1, padding: 'x'.repeat(200_000) });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ message: MESSAGES.payloadTooLarge, code: 'payloadTooLarge' });
  });

  it('sends security headers', async () => {
    const { headers } = await api.request('GET', '/api/settings');
    expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('x-powered-by')).toBeNull();
  });

  it('allows only the configured origins across sites', async () => {
    const allowed = await fetch(`${api.baseUrl}/api/settings`, { headers: { origin: 'https://admin.example.com' } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://admin.example.com');
    const other = await fetch(`${api.baseUrl}/api/settings`, { headers: { origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers a URL too large for the HTTP parser with the usual JSON error', async () => {
    const response = await fetch(`${api.baseUrl}/api/settings?q=${'x'.repeat(20_000)}`);
    expect(response.status).toBe(431);
    expect(await response.json()).toEqual({ message: 'The request URL or headers are too large', code: 'headersTooLarge' });
  });

  it("lets the desktop app's origin call the admin API, and nothing else", async () => {
    const preflight = await fetch(`${api.baseUrl}/api/admin/login`, {
      method: 'OPTIONS',
      headers: { origin: 'app://stakedesk', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('app://stakedesk');
    const list = await fetch(`${api.baseUrl}/api/admin/stakes`, { headers: { origin: 'app://stakedesk' } });
    expect(list.headers.get('access-control-allow-origin')).toBe('app://stakedesk');
    expect(list.headers.get('access-control-expose-headers')).toBe('X-Total-Count,X-Total-Count-Estimated,X-Next-Cursor');
    for (const path of ['/api/settings', '/api/auth/session', '/api/rpc']) {
      const holderCall = await fetch(`${api.baseUrl}${path}`, { headers: { origin: 'app://stakedesk' } });
      expect(holderCall.headers.get('access-control-allow-origin')).toBeNull();
    }
  });
});
