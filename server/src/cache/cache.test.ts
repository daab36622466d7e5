/**
 * Settings, plans and stats are served from memory (cache/caches.ts). What a client must never
 * see is an admin's change missing: at once on the instance that made it, and on another instance
 * on the same database as soon as the change is announced (NOTIFY). Both instances here keep
 * settings and plans for 60 s, so anything quicker than that is the invalidation at work.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicSettings, Stats, StakingPlan } from '@stakedesk/shared/api-types';
import { MINT, STAKING_WALLET, createPlan, signedInWallet, stakeFor, startStakingServer } from '../test/fixtures.js';
import { listeningInstances, waitUntil } from '../test/second-instance.js';
import { spawnServer, stopSpawned, type SpawnedServer } from '../test/spawn-server.js';
import { ADMIN, randomTxId, STEP_UP, type TestServer } from '../test/test-server.js';

const TTL_MS = 60_000;
const STATS_MS = 1_000;
/** How long a change may take to reach the other instance: NOTIFY takes milliseconds; this is slack for a busy machine. */
const ANNOUNCED_WITHIN_MS = 5_000;

let api: TestServer;
let token: string;
let plan: StakingPlan;
let other: SpawnedServer;

const listening = () => listeningInstances(api.db);

beforeAll(async () => {
  ({ api, token, plan } = await startStakingServer({ cacheTtlMs: TTL_MS, statsCacheMs: STATS_MS }));
  other = await spawnServer({
    DATABASE_URL: api.databaseUrl,
    JWT_SECRET: api.jwtSecret,
    CACHE_TTL_MS: String(TTL_MS),
    STATS_CACHE_MS: String(STATS_MS),
  });
  // Both instances follow the changes from the start (until then they would read every request afresh).
  await waitUntil(async () => (await listening()) === 2, 10_000, 'both listening');
});
afterAll(async () => {
  if (other) await stopSpawned(other);
  await api?.close();
});

const settingsBody = (tokenName: string) => ({
  tokenName,
  tokenSymbol: 'TST',
  tokenContract: MINT,
  stakingWallet: STAKING_WALLET,
  ...STEP_UP,
});
const putSettings = async (body: Record<string, unknown>) => {
  const response = await api.request('PUT', '/api/admin/settings', body, token);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
};
const here = {
  settings: async () => (await api.request<PublicSettings>('GET', '/api/settings')).body,
  planNames: async () => (await api.request<StakingPlan[]>('GET', '/api/staking-plans')).body.map((p) => p.name),
};
const there = {
  settings: async () => (await (await fetch(`${other.url}/api/settings`)).json()) as PublicSettings,
  planNames: async () => ((await (await fetch(`${other.url}/api/staking-plans`)).json()) as StakingPlan[]).map((p) => p.name),
};

describe('on the instance that made the change', () => {
  it('serves changed settings at once, with a new ETag', async () => {
    const first = await api.request<PublicSettings>('GET', '/api/settings');
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    // As a browser revalidates (fetch() alone would add Cache-Control: no-cache, which asks for the full answer).
    const revalidate = () => fetch(`${api.baseUrl}/api/settings`, { headers: { 'if-none-match': etag, 'cache-control': 'max-age=0' } });
    expect((await revalidate()).status).toBe(304);

    await putSettings(settingsBody('Renamed Token'));
    const after = await api.request<PublicSettings>('GET', '/api/settings');
    expect(after.body.tokenName).toBe('Renamed Token');
    expect(after.headers.get('etag')).not.toBe(etag);
    expect((await revalidate()).status).toBe(200);
  });

  it('does not wait for its own announcement: the change is served before the NOTIFY is even read', async () => {
    // Hold this instance's listening connection (it stays connected, so memory stays trusted).
    const listener = (api.events as unknown as { client: { connection: { stream: NodeJS.ReadableStream } } }).client.connection.stream;
    listener.pause();
    try {
      expect((await here.settings()).tokenName).toBe('Renamed Token');
      await putSettings(settingsBody('Unheard Yet'));
      expect((await here.settings()).tokenName).toBe('Unheard Yet');
    } finally {
      listener.resume();
    }
    await putSettings(settingsBody('Renamed Token'));
  });

  it('lists a plan as soon as it is created, edited, deactivated or deleted', async () => {
    expect(await here.planNames()).toEqual([plan.name]);
    const created = await createPlan(api, token, { name: 'Fresh' });
    expect(await here.planNames()).toEqual([plan.name, 'Fresh']);
    const { name: _name, id: _id, isActive: _active, createdAt: _created, remainingCapacity: _remaining, ...terms } = created;
    const edited = await api.request('PUT', `/api/admin/staking-plans/${created.id}`, { ...terms, name: 'Fresher' }, token);
    expect(edited.status).toBe(200);
    expect(await here.planNames()).toEqual([plan.name, 'Fresher']);
    expect((await api.request('PATCH', `/api/admin/staking-plans/${created.id}/toggle`, undefined, token)).status).toBe(200);
    expect(await here.planNames()).toEqual([plan.name]);
    expect((await api.request('PATCH', `/api/admin/staking-plans/${created.id}/toggle`, undefined, token)).status).toBe(200);
    expect(await here.planNames()).toEqual([plan.name, 'Fresher']);
    expect((await api.request('DELETE', `/api/admin/staking-plans/${created.id}`, undefined, token)).status).toBe(204);
    expect(await here.planNames()).toEqual([plan.name]);
  });

  it('refuses deposits the moment maintenance is switched on, and takes them again when it is off', async () => {
    const deposit = { planId: plan.id, status: 'active', txId: randomTxId(), walletAddress: await signedInWallet(api), amount: '1000' };
    await putSettings({ ...settingsBody('Renamed Token'), maintenanceMode: true, maintenanceMessage: 'Back soon' });
    const refused = await api.request('POST', '/api/stakes', deposit, { as: deposit.walletAddress });
    expect(refused.status).toBe(503);
    expect(refused.body.message).toBe('Back soon');
    expect((await here.settings()).maintenanceMode).toBe(true);

    await putSettings({ ...settingsBody('Renamed Token'), maintenanceMode: false });
    api.chain.addDeposit({ ...deposit, mint: MINT, stakingWallet: STAKING_WALLET });
    expect((await api.request('POST', '/api/stakes', deposit, { as: deposit.walletAddress })).status).toBe(201);
  });
});

describe('on another instance on the same database', () => {
  it('serves settings changed on the first instance as soon as the change is announced', async () => {
    expect((await there.settings()).tokenName).toBe('Renamed Token'); // and now it is in its memory
    await putSettings(settingsBody('Announced Token'));
    expect((await here.settings()).tokenName).toBe('Announced Token');
    await expect.poll(async () => (await there.settings()).tokenName, { timeout: ANNOUNCED_WITHIN_MS }).toBe('Announced Token');
  });

  it('lists a plan created on it on the first instance too', async () => {
    expect(await here.planNames()).toEqual([plan.name]);
    const login = await fetch(`${other.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }),
    });
    const { token: otherToken } = (await login.json()) as { token: string };
    const created = await fetch(`${other.url}/api/admin/staking-plans`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${otherToken}` },
      body: JSON.stringify({ name: 'Made Elsewhere', yieldRate: '5', durationDays: 10, minStakeAmount: '1', earlyPenaltyRate: '1' }),
    });
    expect(created.status).toBe(201);
    expect(await there.planNames()).toEqual([plan.name, 'Made Elsewhere']);
    await expect.poll(() => here.planNames(), { timeout: ANNOUNCED_WITHIN_MS }).toEqual([plan.name, 'Made Elsewhere']);
  });

  it('reads afresh once its listening connection is back, so a change it could not hear about is not missed', async () => {
    // Both listen, and keep the settings in memory (a listening connection that came back since dropped them).
    await expect.poll(listening, { timeout: 10_000 }).toBe(2);
    expect((await here.settings()).tokenName).toBe('Announced Token');
    expect((await there.settings()).tokenName).toBe('Announced Token');
    // A change made outside the app is announced to nobody: both instances still serve what they keep.
    await api.db.query(`UPDATE settings SET token_name = 'Unannounced' WHERE id = 1`);
    expect((await here.settings()).tokenName).toBe('Announced Token');
    expect((await there.settings()).tokenName).toBe('Announced Token');

    // Both lose their LISTEN connection: they stop trusting their memory, reconnect and start afresh.
    await api.db.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'stakedesk-events' AND datname = current_database()",
    );
    await expect.poll(async () => (await here.settings()).tokenName, { timeout: 10_000 }).toBe('Unannounced');
    await expect.poll(async () => (await there.settings()).tokenName, { timeout: 10_000 }).toBe('Unannounced');

    // Once both listen again, they keep what they read and hear announcements as before.
    await expect.poll(listening, { timeout: 10_000 }).toBe(2);
    expect((await there.settings()).tokenName).toBe('Unannounced');
    await putSettings(settingsBody('Heard Again'));
    await expect.poll(async () => (await there.settings()).tokenName, { timeout: ANNOUNCED_WITHIN_MS }).toBe('Heard Again');
  });
});

describe('stats', () => {
  it('count a new stake within STATS_CACHE_MS, on every instance', async () => {
    const before = (await api.request<Stats>('GET', '/api/stats')).body;
    await stakeFor(api, plan, { amount: '4321' });
    const grew = (stats: Stats) => BigInt(stats.totalStaked) - BigInt(before.totalStaked);
    await expect.poll(async () => grew((await api.request<Stats>('GET', '/api/stats')).body), { timeout: 5 * STATS_MS }).toBe(4321n);
    await expect
      .poll(async () => grew((await (await fetch(`${other.url}/api/stats`)).json()) as Stats), { timeout: 5 * STATS_MS })
      .toBe(4321n);
  });
});

describe('remaining capacity', () => {
  it('shrinks with a deposit at once, on every instance, though plans are kept for 60 s', async () => {
    const capped = await createPlan(api, token, { name: 'Capped', maxTotalStaked: '5000' });
    const remaining = async (read: () => Promise<StakingPlan[]>) => (await read()).find((p) => p.id === capped.id)?.remainingCapacity;
    const herePlans = async () => (await api.request<StakingPlan[]>('GET', '/api/staking-plans')).body;
    const therePlans = async () => (await (await fetch(`${other.url}/api/staking-plans`)).json()) as StakingPlan[];
    expect(await remaining(herePlans)).toBe('5000');
    expect(await remaining(therePlans)).toBe('5000');
    await stakeFor(api, capped, { amount: '1200' });
    await expect.poll(() => remaining(herePlans), { timeout: ANNOUNCED_WITHIN_MS }).toBe('3800');
    await expect.poll(() => remaining(therePlans), { timeout: ANNOUNCED_WITHIN_MS }).toBe('3800');
  });
});
