import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from '../test/test-server.js';

// Without two-factor, the per-account throttle counts per username and client together, the
// client as the per-IP limit sees it (http/client-address.ts). With two-factor: admin-throttle.test.ts.
let api: TestServer;

/** A sign-in as it reaches the server: `forwardedFor` is the X-Forwarded-For header a proxy (or the client) wrote. */
async function loginVia(forwardedFor: string | undefined, username: string, password: string) {
  const response = await fetch(`${api.baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(forwardedFor && { 'x-forwarded-for': forwardedFor }) },
    body: JSON.stringify({ username, password }),
  });
  return { status: response.status, body: (await response.json()) as { retryAfter?: number } };
}

async function guesses(forwardedFor: (i: number) => string | undefined, username = ADMIN.username): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++) statuses.push((await loginVia(forwardedFor(i), username, `wrong-guess-${i}`)).status);
  return statuses;
}

const FIVE_REFUSALS = [401, 401, 401, 401, 401];

describe('behind one proxy (TRUST_PROXY=1): the address the proxy saw is the client', () => {
  beforeAll(async () => {
    api = await startTestServer({ trustProxy: 1 });
  });
  afterAll(() => api.close());
  beforeEach(async () => {
    await api.db.query('DELETE FROM admin_login_failures');
  });

  it('holds the client that guessed, not the owner: five wrong passwords from one address, the owner signs in from another', async () => {
    const attacker = '203.0.113.7';
    expect(await guesses(() => attacker)).toEqual(FIVE_REFUSALS);
    const sixth = await loginVia(attacker, ADMIN.username, 'sixth guess');
    expect(sixth.status).toBe(429);
    expect(sixth.body.retryAfter).toBeGreaterThan(55);
    // Even the right password, from the address that guessed: the lock is on that pair.
    expect((await loginVia(attacker, ADMIN.username, ADMIN.password)).status).toBe(429);
    expect((await loginVia('198.51.100.4', ADMIN.username, ADMIN.password)).status).toBe(200);
  });

  it('takes no new client from a forged X-Forwarded-For: only the entry its proxy added counts', async () => {
    // The attacker writes a fresh address each time; the proxy appends the one it saw.
    expect(await guesses((i) => `10.0.0.${i}, 192.0.2.${i}, 203.0.113.9`)).toEqual(FIVE_REFUSALS);
    expect((await loginVia('10.9.9.9, 203.0.113.9', ADMIN.username, 'another')).status).toBe(429);
  });

  it('counts an IPv6 client across its /56, so a new address of the same network is no new client', async () => {
    expect(await guesses((i) => `2001:db8:aa:${i + 1}::${i + 7}`)).toEqual(FIVE_REFUSALS);
    expect((await loginVia('2001:db8:aa:ff:1234::1', ADMIN.username, 'from elsewhere in the /56')).status).toBe(429);
    expect((await loginVia('2001:db8:ab::1', ADMIN.username, ADMIN.password)).status).toBe(200);
  });

  it('throttles an unknown username per client alike, so the answers tell nobody which usernames exist', async () => {
    expect(await guesses(() => '203.0.113.20', 'nobody-here')).toEqual(FIVE_REFUSALS);
    expect((await loginVia('203.0.113.20', 'nobody-here', 'x')).status).toBe(429);
    expect((await loginVia('203.0.113.21', 'nobody-here', 'x')).status).toBe(401);
  });
});

describe('with no proxy trusted (TRUST_PROXY=0): X-Forwarded-For is ignored', () => {
  beforeAll(async () => {
    api = await startTestServer();
  });
  afterAll(() => api.close());

  it('a client cannot name itself anew for each guess', async () => {
    expect(await guesses((i) => `198.51.100.${i}`)).toEqual(FIVE_REFUSALS);
    expect((await loginVia('198.51.100.99', ADMIN.username, ADMIN.password)).status).toBe(429);
  });
});
