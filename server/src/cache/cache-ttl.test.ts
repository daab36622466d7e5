/**
 * The TTL is the safety net under the invalidation: a change nobody announced (made with plain
 * SQL, outside the app) is served from memory until it runs out, then read.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PublicSettings } from '@stakedesk/shared/api-types';
import { listeningInstances, waitUntil } from '../test/second-instance.js';
import { startTestServer, type TestServer } from '../test/test-server.js';

const TTL_MS = 1_000;
let api: TestServer;

beforeAll(async () => {
  api = await startTestServer({ cacheTtlMs: TTL_MS });
  // Serving from memory starts once the instance listens for changes.
  await waitUntil(async () => (await listeningInstances(api.db)) === 1, 10_000, 'listening');
});
afterAll(() => api.close());

const tokenName = async () => (await api.request<PublicSettings>('GET', '/api/settings')).body.tokenName;

it('serves settings edited outside the app once CACHE_TTL_MS has run out', async () => {
  const before = await tokenName();
  await api.db.query(`UPDATE settings SET token_name = 'Edited By Hand' WHERE id = 1`);
  expect(await tokenName()).toBe(before);
  await expect.poll(tokenName, { timeout: 10 * TTL_MS }).toBe('Edited By Hand');
});
