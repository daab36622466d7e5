import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@stakedesk/shared/messages';
import { newHolder, startTestServer, type Holder, type TestServer } from '../test/test-server.js';

// The site holders open, as PUBLIC_URL; the server itself listens on a loopback port.
const PUBLIC_URL = 'https://stake.example.com';

let api: TestServer;
beforeAll(async () => {
  api = await startTestServer({ publicUrl: PUBLIC_URL });
});
afterAll(() => api.close());

async function nonceFor(holder: Holder) {
  const response = await fetch(`${api.baseUrl}/api/auth/nonce`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ walletAddress: holder.wallet }),
  });
  return (await response.json()) as { message: string; nonce: string; expiresAt: string };
}

function verify(body: Record<string, unknown>, base = api.baseUrl, headers: Record<string, string> = {}) {
  return fetch(`${base}/api/auth/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** A POST with the Host headers a client chooses (fetch() always sends the real one), as a relaying site would. */
function postWithHost(path: string, body: unknown, host: string): Promise<{ status: number; body: any }> {
  const target = new URL(api.baseUrl);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        hostname: target.hostname,
        port: target.port,
        path,
        method: 'POST',
        headers: {
          host,
          'x-forwarded-host': host,
          'x-forwarded-proto': 'https',
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(text) }));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

async function failure(response: Response) {
  return { status: response.status, message: ((await response.json()) as { message: string }).message };
}

describe('holder sign-in', () => {
  it('issues a message naming the configured site, the wallet, a nonce and a ten-minute window', async () => {
    const holder = newHolder();
    const { message, nonce, expiresAt } = await nonceFor(holder);
    expect(message.split('\n').slice(0, 2)).toEqual(['stake.example.com wants you to sign in with your Solana account:', holder.wallet]);
    expect(message).toContain('\nURI: https://stake.example.com\n');
    expect(message).toContain(`\nNonce: ${nonce}\n`);
    expect(message).toContain('\nChain ID: devnet\n');
    expect(message).toContain(`\nExpiration Time: ${expiresAt}`);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(9 * 60_000);
  });

  it('accepts a real signature and sets an httpOnly, SameSite=Strict session cookie for /api', async () => {
    const holder = newHolder();
    const { message } = await nonceFor(holder);
    const response = await verify({ walletAddress: holder.wallet, message, signature: holder.sign(message) });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ walletAddress: holder.wallet });
    const cookie = response.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^stakedesk_session=[^;]+; Max-Age=86400; Path=\/api; Expires=.+; HttpOnly; SameSite=Strict$/);

    const session = await api.request('GET', '/api/auth/session', undefined, { cookie: cookie.split(';')[0] });
    expect(session).toMatchObject({ status: 200, body: { walletAddress: holder.wallet } });
    const none = await api.request('GET', '/api/auth/session');
    expect(none.status).toBe(401);
    expect(none.body.message).toBe(MESSAGES.walletSessionRequired);
  });

  it("refuses another key's signature", async () => {
    const holder = newHolder();
    const { message } = await nonceFor(holder);
    const response = await verify({ walletAddress: holder.wallet, message, signature: newHolder().sign(message) });
    expect(await failure(response)).toEqual({ status: 401, message: MESSAGES.invalidSignature });
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('refuses a nonce used before, even with a valid signature', async () => {
    const holder = newHolder();
    const { message } = await nonceFor(holder);
    const body = { walletAddress: holder.wallet, message, signature: holder.sign(message) };
    expect((await verify(body)).status).toBe(200);
    expect(await failure(await verify(body))).toEqual({ status: 401, message: MESSAGES.signInUnknown });
  });

  it('refuses an expired sign-in request', async () => {
    const holder = newHolder();
    const { message, nonce } = await nonceFor(holder);
    await api.db.query(`UPDATE sign_in_nonces SET expires_at = now() - interval '1 second' WHERE nonce = :nonce`, {
      replacements: { nonce },
    });
    const response = await verify({ walletAddress: holder.wallet, message, signature: holder.sign(message) });
    expect(await failure(response)).toEqual({ status: 401, message: MESSAGES.signInExpired });
  });

  it('refuses a message made for another site', async () => {
    const holder = newHolder();
    const { message } = await nonceFor(holder);
    const forged = message.replace(/^\S+ wants/, 'evil.example wants');
    const response = await verify({ walletAddress: holder.wallet, message: forged, signature: holder.sign(forged) });
    expect(await failure(response)).toEqual({ status: 401, message: MESSAGES.signInWrongDomain });
  });

  it('names the configured site whatever Host a request carries, so a relaying site gets no message for itself', async () => {
    const holder = newHolder();
    const issued = await postWithHost('/api/auth/nonce', { walletAddress: holder.wallet }, 'evil.example');
    expect(issued.status).toBe(200);
    expect(issued.body.message).toMatch(/^stake\.example\.com wants you to sign in with your Solana account:\n/);
    expect(issued.body.message).toContain('\nURI: https://stake.example.com\n');
    expect(issued.body.message).not.toContain('evil.example');

    // Its own site's message signs in, whichever Host the verify request names.
    const { message } = issued.body as { message: string };
    const verified = await postWithHost(
      '/api/auth/verify',
      { walletAddress: holder.wallet, message, signature: holder.sign(message) },
      'evil.example',
    );
    expect(verified).toMatchObject({ status: 200, body: { walletAddress: holder.wallet } });

    // A message naming the relaying site is refused even when the request names that site as its Host.
    const other = await nonceFor(holder);
    const relayed = other.message.replace(/^\S+ wants/, 'evil.example wants');
    const refused = await postWithHost(
      '/api/auth/verify',
      { walletAddress: holder.wallet, message: relayed, signature: holder.sign(relayed) },
      'evil.example',
    );
    expect(refused).toEqual({ status: 401, body: { message: MESSAGES.signInWrongDomain, code: 'signInWrongDomain' } });
  });

  it('refuses a message for another wallet or with altered text', async () => {
    const holder = newHolder();
    const intruder = newHolder();
    const { message } = await nonceFor(holder);
    const response = await verify({ walletAddress: intruder.wallet, message, signature: intruder.sign(message) });
    expect(await failure(response)).toEqual({ status: 401, message: MESSAGES.signInMismatch });

    const second = await nonceFor(holder);
    const altered = second.message.replace('costs nothing', 'costs 10 SOL');
    expect(await failure(await verify({ walletAddress: holder.wallet, message: altered, signature: holder.sign(altered) }))).toEqual({
      status: 401,
      message: MESSAGES.signInMismatch,
    });
  });

  it('refuses malformed requests with 400', async () => {
    const holder = newHolder();
    const { message } = await nonceFor(holder);
    expect((await verify({ walletAddress: holder.wallet, message })).status).toBe(400);
    expect((await verify({ walletAddress: holder.wallet, message, signature: 'zz' })).status).toBe(400);
    expect((await verify({ walletAddress: 'nope', message, signature: holder.sign(message) })).status).toBe(400);
    expect((await api.request('POST', '/api/auth/nonce', { walletAddress: 42 })).status).toBe(400);
  });

  it('refuses sign-in from another site’s page', async () => {
    const holder = newHolder();
    const { message } = await nonceFor(holder);
    const response = await verify({ walletAddress: holder.wallet, message, signature: holder.sign(message) }, api.baseUrl, {
      origin: 'https://evil.example',
    });
    expect(await failure(response)).toEqual({ status: 403, message: MESSAGES.crossSiteRefused });
  });
});
