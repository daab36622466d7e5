import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Admin, AdminEvent, StakingPlan } from '@stakedesk/shared/api-types';
import { sseParser } from '@stakedesk/shared/sse';
import { createPlan, stakeFor, startStakingServer } from '../test/fixtures.js';
import { STEP_UP, type TestServer } from '../test/test-server.js';

let api: TestServer;
let token: string;
let plan: StakingPlan;

const HEARTBEAT_MS = 300;

beforeAll(async () => {
  ({ api, token, plan } = await startStakingServer({ eventHeartbeatMs: HEARTBEAT_MS }));
});
afterAll(() => api.close());

type Stream = {
  status: number;
  /** The next event of this type (skipping others), or a failure after `timeoutMs`. */
  next<T extends AdminEvent['type']>(type: T, timeoutMs?: number): Promise<Extract<AdminEvent, { type: T }>>;
  /** Every event received so far. */
  received: AdminEvent[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
};

/** Opens GET /api/admin/events as the panel does: fetch with the bearer token, read as it arrives. */
async function openStream(bearer: string): Promise<Stream> {
  const abort = new AbortController();
  const response = await fetch(`${api.baseUrl}/api/admin/events`, { headers: { authorization: `Bearer ${bearer}` }, signal: abort.signal });
  const received: AdminEvent[] = [];
  const waiters: (() => void)[] = [];
  const feed = sseParser(({ event, data }) => {
    const parsed = JSON.parse(data) as AdminEvent;
    expect(parsed.type).toBe(event);
    received.push(parsed);
    waiters.splice(0).forEach((wake) => wake());
  });
  const ended = (async () => {
    if (!response.ok || !response.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body) feed(decoder.decode(chunk as Uint8Array, { stream: true }));
    } catch {
      // aborted by the test
    }
  })();
  let seen = 0;
  return {
    status: response.status,
    received,
    ended,
    close: () => abort.abort(),
    async next(type, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.slice(seen).findIndex((event) => event.type === type);
        if (found !== -1) {
          seen += found + 1;
          return received[seen - 1] as never;
        }
        seen = received.length;
        const remaining = deadline - Date.now();
        if (remaining <= 0) throw new Error(`no ${type} event within ${timeoutMs} ms; got ${JSON.stringify(received)}`);
        await new Promise<void>((wake) => {
          waiters.push(wake);
          setTimeout(wake, remaining);
        });
      }
    },
  };
}

const endsWithin = (stream: Stream, ms: number) =>
  Promise.race([stream.ended.then(() => 'ended'), new Promise((resolve) => setTimeout(() => resolve('still open'), ms))]);

describe('GET /api/admin/events', () => {
  it('refuses a request without a valid admin token', async () => {
    const response = await fetch(`${api.baseUrl}/api/admin/events`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Authentication required', code: 'authenticationRequired' });
  });

  it('streams new stakes, withdrawal requests and other admins’ changes as they commit', async () => {
    const stream = await openStream(token);
    try {
      expect(stream.status).toBe(200);
      const stake = await stakeFor(api, plan, { amount: '400' });
      expect(await stream.next('stake.created')).toEqual({
        type: 'stake.created',
        stakeId: stake.id,
        walletAddress: stake.walletAddress,
        amount: '400',
        restake: false,
      });

      const withdrawal = await api.request(
        'POST',
        '/api/withdrawals',
        { stakeId: stake.id, walletAddress: stake.walletAddress },
        { as: stake.walletAddress },
      );
      expect(withdrawal.status).toBe(201);
      expect(await stream.next('withdrawal.requested')).toEqual({
        type: 'withdrawal.requested',
        withdrawalId: withdrawal.body.id,
        walletAddress: stake.walletAddress,
        finalAmount: '360',
      });

      const created = await createPlan(api, token, { name: 'Platinum' });
      expect(await stream.next('admin.changed')).toEqual({
        type: 'admin.changed',
        entityType: 'plan',
        action: 'plan.create',
        entityId: String(created.id),
        adminUsername: 'root',
      });
    } finally {
      stream.close();
    }
  });

  it('says nothing of a change that was refused and rolled back', async () => {
    const stream = await openStream(token);
    try {
      const stake = await stakeFor(api, plan);
      await stream.next('stake.created');
      const refused = await api.request(
        'POST',
        '/api/withdrawals',
        { stakeId: stake.id, walletAddress: stake.walletAddress, finalAmount: '1' },
        { as: stake.walletAddress },
      );
      expect(refused.status).toBe(409);
      await api.request('POST', '/api/withdrawals', { stakeId: stake.id, walletAddress: stake.walletAddress }, { as: stake.walletAddress });
      const event = await stream.next('withdrawal.requested');
      expect(event.finalAmount).toBe('900');
      expect(stream.received.filter((e) => e.type === 'withdrawal.requested')).toHaveLength(1);
    } finally {
      stream.close();
    }
  });

  it('ends the stream when the admin changes its password, and when the token expires', async () => {
    const created = await api.request<Admin>(
      'POST',
      '/api/admin/admins',
      { email: 'sse@example.com', username: 'sse', password: 'first password', ...STEP_UP },
      token,
    );
    const ownToken = await api.login('sse', 'first password');
    const stream = await openStream(ownToken);
    expect(stream.status).toBe(200);
    expect(await endsWithin(stream, HEARTBEAT_MS * 3)).toBe('still open');
    await api.request(
      'PUT',
      `/api/admin/admins/${created.body.id}`,
      { email: 'sse@example.com', username: 'sse', password: 'second password', ...STEP_UP },
      token,
    );
    expect(await endsWithin(stream, HEARTBEAT_MS * 5)).toBe('ended');

    const claims = jwt.decode(token) as { sub: string; tv: number; sid: string };
    const shortLived = jwt.sign({ sub: claims.sub, tv: claims.tv, sid: claims.sid, typ: 'admin' }, api.jwtSecret, {
      algorithm: 'HS256',
      expiresIn: 2,
    });
    const expiring = await openStream(shortLived);
    expect(expiring.status).toBe(200);
    expect(await endsWithin(expiring, 3_500)).toBe('ended');
  });

  it('tells the panel to resync after its database connection was lost, then streams again', async () => {
    const stream = await openStream(token);
    try {
      await stakeFor(api, plan);
      await stream.next('stake.created');
      await api.db.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'stakedesk-events' AND datname = current_database()",
      );
      await stream.next('resync', 10_000);
      const stake = await stakeFor(api, plan);
      expect((await stream.next('stake.created')).stakeId).toBe(stake.id);
    } finally {
      stream.close();
    }
  });
});
