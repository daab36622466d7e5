import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownPostgres, type OwnPostgres } from '../test/own-postgres.js';
import { spawnServer, stopSpawned, type SpawnedServer } from '../test/spawn-server.js';

// PostgreSQL stopped while the server is under load: every request still gets an answer within
// seconds (503, never a hang or a 500), /api/health says so, and the server recovers by itself.
const ANSWER_WITHIN_MS = 12_000;
const WORKERS = 8;

let postgres: OwnPostgres;
let server: SpawnedServer;

beforeAll(async () => {
  postgres = await ownPostgres();
  server = await spawnServer({ DATABASE_URL: postgres.url, ADMIN_PASSWORD: 'outage admin password', LOGIN_RATE_LIMIT: '100000' });
});
afterAll(async () => {
  await stopSpawned(server);
  await postgres.destroy();
});

type Outcome = { path: string; status: number | 'no answer'; ms: number; body: string; error?: string };

const PATHS = ['/api/health', '/api/stats', '/api/staking-plans', '/api/settings', '/api/admin/login'];

let logins = 0;

async function hit(path: string): Promise<Outcome> {
  const started = Date.now();
  // A different (unknown) username each time: the per-account throttle would otherwise answer 429 after five.
  const init: RequestInit =
    path === '/api/admin/login'
      ? {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: `probe-${(logins += 1)}`, password: 'wrong' }),
        }
      : {};
  try {
    const response = await fetch(server.url + path, { ...init, signal: AbortSignal.timeout(ANSWER_WITHIN_MS * 2) });
    return { path, status: response.status, ms: Date.now() - started, body: await response.text() };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { path, status: 'no answer', ms: Date.now() - started, body: '', error: cause?.code ?? cause?.message ?? String(error) };
  }
}

/** WORKERS clients looping over the paths until `until` resolves; every outcome. */
async function load(until: Promise<unknown>): Promise<Outcome[]> {
  let done = false;
  void until.then(() => (done = true));
  const outcomes: Outcome[] = [];
  await Promise.all(
    Array.from({ length: WORKERS }, async (_, worker) => {
      for (let i = worker; !done; i += 1) outcomes.push(await hit(PATHS[i % PATHS.length]!));
    }),
  );
  return outcomes;
}

/** Whether the server process is still there, and what it printed (LOG_LEVEL warn: its warnings and errors). */
function serverState(): string {
  const { exitCode, signalCode } = server.child;
  return `server ${exitCode === null && signalCode === null ? 'running' : `exited (code ${exitCode}, signal ${signalCode})`}; its output:\n${server.output().slice(-8_000)}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await sleep(250);
  }
  return Date.now() - started;
}

describe('PostgreSQL stopped under load', () => {
  it('answers 503 within seconds while it is down, says so on /api/health, and recovers by itself', async () => {
    const healthy = (await hit('/api/health')).status === 200;
    expect(healthy).toBe(true);

    const outage = (async () => {
      await sleep(2_000);
      await postgres.stop();
      await sleep(8_000);
    })();
    const during = await load(outage);

    const problems = during.filter((o) => o.status === 'no answer' || o.status === 500 || o.ms > ANSWER_WITHIN_MS);
    expect(problems, `${JSON.stringify(problems.slice(0, 5))}\n${serverState()}`).toEqual([]);
    const refused = during.filter((o) => o.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const outcome of refused) expect(JSON.parse(outcome.body), outcome.path).toHaveProperty('message');
    for (const outcome of during.filter((o) => o.status !== 503)) expect([200, 401], outcome.path).toContain(outcome.status);
    const health = await hit('/api/health');
    expect(health.status).toBe(503);
    expect(JSON.parse(health.body)).toMatchObject({ status: 'unavailable' });

    await postgres.start();
    const recoveredIn = await waitFor(async () => (await hit('/api/health')).status === 200, 30_000);
    const after = await Promise.all(PATHS.map(hit));
    expect(after.map((o) => o.status)).toEqual([200, 200, 200, 200, 401]);
    console.info(
      `database outage: ${during.length} requests during the test, ${refused.length} answered 503, slowest ${Math.max(...during.map((o) => o.ms))} ms; health back ${recoveredIn} ms after PostgreSQL returned`,
    );
    expect(server.child.exitCode).toBeNull();
  });
});
