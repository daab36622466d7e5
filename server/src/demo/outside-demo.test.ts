import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StakingPlan } from '@stakedesk/shared/api-types';
import { createPlan } from '../test/fixtures.js';
import { randomWallet, startTestServer, type TestServer } from '../test/test-server.js';

/** A server as `npm start` runs it: none of the demo (DESIGN 16) exists. */
let api: TestServer;
let token: string;

beforeAll(async () => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'stakedesk-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Stakedesk</title><div id="root"></div>');
  api = await startTestServer({ webDist });
  token = await api.login();
});
afterAll(() => api.close());

const GOLD = { name: 'Gold', yieldRate: '12.5', minStakeAmount: '100', earlyPenaltyRate: '10' };

describe('the demo-only routes on a server not in demo mode', () => {
  it.each([
    ['POST', '/api/demo/tokens', { walletAddress: randomWallet() }],
    ['GET', '/api/demo/staking-wallet', undefined],
  ])('%s %s answers 404, as any unknown path', async (method, path, body) => {
    const response = await api.request(method, path, body);
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ code: 'notFound' });
  });

  it('gives the holder site no demo in its settings, and the page no other chain to talk to', async () => {
    const response = await api.request('GET', '/api/settings');
    expect(response.status).toBe(200);
    expect(response.body).not.toHaveProperty('demo');
    expect((await api.request('GET', '/api/admin/settings', undefined, token)).body).not.toHaveProperty('demo');
    // A page may read the chain from the holders' endpoint and the cluster's (DESIGN 15), and from nothing of a demo.
    const page = await fetch(`${api.baseUrl}/dashboard`);
    expect(page.headers.get('content-security-policy')).toMatch(/connect-src 'self' https:\/\/api\.devnet\.solana\.com(;|$)/);
  });
});

describe('a duration in minutes on a server not in demo mode', () => {
  it('refuses a new plan of minutes with 400 and makes none', async () => {
    const before = (await api.request<StakingPlan[]>('GET', '/api/admin/staking-plans', undefined, token)).body.length;
    const response = await api.request('POST', '/api/admin/staking-plans', { ...GOLD, durationMinutes: 2 }, token);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'durationMinutesDemoOnly',
      message: 'A plan lasts whole days: a duration in minutes is for the demo only',
      errors: { durationMinutes: 'A plan lasts whole days: a duration in minutes is for the demo only' },
    });
    expect((await api.request<StakingPlan[]>('GET', '/api/admin/staking-plans', undefined, token)).body).toHaveLength(before);
  });

  it('refuses to turn a plan of days into one of minutes, and leaves it as it was', async () => {
    const plan = await createPlan(api, token, { durationDays: 30 });
    const response = await api.request('PUT', `/api/admin/staking-plans/${plan.id}`, { ...GOLD, durationMinutes: 2 }, token);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'durationMinutesDemoOnly' });
    const listed = (await api.request<StakingPlan[]>('GET', '/api/staking-plans')).body.find((p) => p.id === plan.id);
    expect(listed).toMatchObject({ durationDays: 30 });
    expect(listed).not.toHaveProperty('durationMinutes');
  });

  it('refuses a plan given both units, whatever the server', async () => {
    const response = await api.request('POST', '/api/admin/staking-plans', { ...GOLD, durationDays: 30, durationMinutes: 2 }, token);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'durationOneUnit',
      errors: { durationMinutes: 'Give the duration in days or in minutes, not both' },
    });
  });
});
