import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StakingPlan, Withdrawal } from '@stakedesk/shared/api-types';
import { MESSAGES } from '@stakedesk/shared/messages';
import { holderRevocations } from './revoked-sessions.js';
import { stakeFor, stakeStatus, startStakingServer } from '../test/fixtures.js';
import { spawnServer, stopSpawned, type SpawnedServer } from '../test/spawn-server.js';
import { newHolder, type TestServer } from '../test/test-server.js';

let api: TestServer;
let plan: StakingPlan;

beforeAll(async () => {
  ({ api, plan } = await startStakingServer());
});
afterAll(() => api.close());

const logout = (cookie?: string) => api.request('POST', '/api/auth/logout', undefined, { cookie });
const session = (cookie: string) => api.request('GET', '/api/auth/session', undefined, { cookie });
const withdraw = (stake: { id: number; walletAddress: string }, cookie: string) =>
  api.request<Withdrawal>('POST', '/api/withdrawals', { stakeId: stake.id, walletAddress: stake.walletAddress }, { cookie });

const signedOut = { status: 401, body: { message: MESSAGES.walletSessionRequired, code: 'walletSessionRequired' } };

describe('POST /api/auth/logout', () => {
  it('ends the session on the server: the same cookie answers 401 afterwards, and nothing is withdrawn with it', async () => {
    const holder = newHolder();
    const stake = await stakeFor(api, plan, { holder });
    const cookie = await api.signIn(holder);
    expect(await session(cookie)).toMatchObject({ status: 200, body: { walletAddress: holder.wallet } });

    const response = await logout(cookie);
    expect(response.status).toBe(204);
    expect(response.headers.get('set-cookie')).toMatch(/^stakedesk_session=; Path=\/api; Expires=Thu, 01 Jan 1970/);

    expect(await session(cookie)).toMatchObject(signedOut);
    expect(await withdraw(stake, cookie)).toMatchObject(signedOut);
    expect(await stakeStatus(api, stake.id)).toBe('active');
    expect((await api.request('GET', `/api/withdrawals/${stake.walletAddress}`)).body).toEqual([]);
    // Logging out twice is harmless.
    expect((await logout(cookie)).status).toBe(204);
  });

  it("ends only that session: the same wallet's other session keeps working", async () => {
    const holder = newHolder();
    const stake = await stakeFor(api, plan, { holder });
    const kept = await api.signIn(holder);
    const ended = await api.signIn(holder);

    expect((await logout(ended)).status).toBe(204);
    expect(await session(ended)).toMatchObject(signedOut);
    expect(await session(kept)).toMatchObject({ status: 200, body: { walletAddress: holder.wallet } });
    const withdrawal = await withdraw(stake, kept);
    expect(withdrawal.status).toBe(201);
    expect(withdrawal.body).toMatchObject({ stakeId: stake.id, status: 'pending' });
  });

  it.each([
    ['no cookie', undefined],
    ['a cookie that is not a token', 'stakedesk_session=not-a-token'],
    [
      'a token signed with another secret',
      `stakedesk_session=${jwt.sign({ typ: 'holder', sub: newHolder().wallet, jti: randomUUID() }, 'another secret of at least 32 chars!')}`,
    ],
  ])('answers 204 with %s', async (_case, cookie) => {
    const response = await logout(cookie);
    expect(response.status).toBe(204);
    expect(response.headers.get('set-cookie')).toMatch(/^stakedesk_session=;/);
  });

  it('refuses a session token without a session id (one logout could not revoke)', async () => {
    const token = jwt.sign({ typ: 'holder', sub: newHolder().wallet }, api.jwtSecret, { algorithm: 'HS256', expiresIn: 3600 });
    expect(await session(`stakedesk_session=${token}`)).toMatchObject(signedOut);
  });

  it('keeps a revocation while its token could still be used; the periodic cleanup drops only expired ones', async () => {
    const holder = newHolder();
    const cookie = await api.signIn(holder);
    expect((await logout(cookie)).status).toBe(204);
    await api.db.query(
      `INSERT INTO revoked_holder_sessions (session_id, expires_at) VALUES (gen_random_uuid(), now() - interval '2 hours')`,
    );

    await holderRevocations.deleteExpired(api.db);

    expect(await session(cookie)).toMatchObject(signedOut);
    const [rows] = await api.db.query(`SELECT count(*)::int AS n FROM revoked_holder_sessions WHERE expires_at < now()`);
    expect((rows as { n: number }[])[0]!.n).toBe(0);
  });
});

describe('logout with two server instances on one database', () => {
  let other: SpawnedServer;
  beforeAll(async () => {
    other = await spawnServer({ DATABASE_URL: api.databaseUrl, JWT_SECRET: api.jwtSecret });
  }, 120_000);
  afterAll(async () => {
    if (other) await stopSpawned(other);
  });

  const sessionThere = async (cookie: string) => {
    const response = await fetch(`${other.url}/api/auth/session`, { headers: { cookie } });
    return { status: response.status, body: await response.json() };
  };

  it('a session ended on one instance is refused on the other', async () => {
    const holder = newHolder();
    const cookie = await api.signIn(holder);
    expect(await sessionThere(cookie)).toEqual({ status: 200, body: { walletAddress: holder.wallet } });

    expect((await logout(cookie)).status).toBe(204);
    expect(await sessionThere(cookie)).toEqual(signedOut);
  });

  it('and the other way round', async () => {
    const holder = newHolder();
    const cookie = await api.signIn(holder);
    const response = await fetch(`${other.url}/api/auth/logout`, { method: 'POST', headers: { cookie } });
    expect(response.status).toBe(204);
    expect(await session(cookie)).toMatchObject(signedOut);
  });
});
