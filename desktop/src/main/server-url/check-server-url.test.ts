import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { checkServerUrl } from './check-server-url.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A real local HTTP server answering with `listener`; its origin. */
async function serve(listener: RequestListener): Promise<string> {
  const server = createServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const json =
  (status: number, body: unknown): RequestListener =>
  (request, response) => {
    response.writeHead(request.url === '/api/health' ? status : 404, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

describe('the server connection check', () => {
  it('accepts a server whose /api/health answers {"status":"ok"}, as its origin', async () => {
    const origin = await serve(json(200, { status: 'ok' }));
    expect(await checkServerUrl(`${origin}/`)).toEqual({ ok: true, serverUrl: origin });
  });

  it('says the server is not ready when its health check answers 503', async () => {
    const origin = await serve(json(503, { status: 'unavailable' }));
    expect(await checkServerUrl(origin)).toEqual({ ok: false, reason: 'unhealthy' });
  });

  it('refuses something that is not a Stakedesk server', async () => {
    const page = await serve((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<html>hello</html>'));
    expect(await checkServerUrl(page)).toEqual({ ok: false, reason: 'not-stakedesk' });
    const other = await serve(json(200, { status: 'fine' }));
    expect(await checkServerUrl(other)).toEqual({ ok: false, reason: 'not-stakedesk' });
    const redirecting = await serve((_request, response) => response.writeHead(302, { location: 'https://example.com/' }).end());
    expect(await checkServerUrl(redirecting)).toEqual({ ok: false, reason: 'unreachable' });
  });

  it('says when nothing answers, or not in time', async () => {
    const closed = await serve(() => undefined);
    await new Promise((resolve) => servers.pop()!.close(resolve));
    expect(await checkServerUrl(closed)).toEqual({ ok: false, reason: 'unreachable' });
    const silent = await serve(() => undefined);
    expect(await checkServerUrl(silent, 300)).toEqual({ ok: false, reason: 'timeout' });
  });

  it('checks the URL rule before calling anything', async () => {
    expect(await checkServerUrl('ftp://127.0.0.1')).toEqual({ ok: false, reason: 'invalid-url' });
    expect(await checkServerUrl('http://10.0.0.5:3000')).toEqual({ ok: false, reason: 'insecure-http' });
  });
});
