import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { WEBHOOK_RETRY } from '../alerts/index.js';
import { createLogger } from '../logger.js';
import { SCHEMA, startJobQueue, type JobQueue } from './job-queue.js';

let databaseUrl: string;
beforeAll(async () => {
  const server = inject('postgresUrl');
  const database = `jobs_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${database}`;
  databaseUrl = url.toString();
});

const queues: JobQueue[] = [];
afterAll(() => Promise.all(queues.map((queue) => queue.stop())));

function recordingLogger() {
  const records: { level: number; msg: string; job?: string; err?: { message: string } }[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      records.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { logger: createLogger('info', destination), records };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a periodic background job', () => {
  it('runs once per interval across two instances, never twice at once', async () => {
    const [one, two] = await Promise.all([
      startJobQueue(databaseUrl, recordingLogger().logger),
      startJobQueue(databaseUrl, recordingLogger().logger),
    ]);
    queues.push(one, two);
    let runs = 0;
    let running = 0;
    let mostAtOnce = 0;
    const round = async () => {
      runs++;
      mostAtOnce = Math.max(mostAtOnce, ++running);
      // Longer than the interval: the next slot's job waits for this one to end.
      await sleep(1_300);
      running--;
    };
    await one.every('tick', 1_000, round);
    await two.every('tick', 1_000, round);
    await sleep(5_000);
    // At most one job per one-second slot between both instances, one at a time: 3 or 4 rounds
    // of 1.3 s in 5 s (two instances each running their own would make about 8).
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(runs).toBeLessThanOrEqual(4);
    expect(mostAtOnce).toBe(1);
  });

  it('never lets an overlap-safe job pile up rounds slower than its interval: one at a time on an instance, at most one waiting', async () => {
    const queue = await startJobQueue(databaseUrl, recordingLogger().logger);
    queues.push(queue);
    let runs = 0;
    let running = 0;
    let mostAtOnce = 0;
    let mostWaiting = 0;
    await queue.every(
      'slow',
      1_000,
      async () => {
        runs++;
        mostAtOnce = Math.max(mostAtOnce, ++running);
        await sleep(2_500);
        running--;
      },
      { overlapSafe: true },
    );
    for (let i = 0; i < 12; i++) {
      await sleep(500);
      mostWaiting = Math.max(mostWaiting, (await queue.waiting()).slow ?? 0);
    }
    expect(mostAtOnce).toBe(1);
    expect(mostWaiting).toBe(1);
    expect(runs).toBeLessThanOrEqual(3);
  });

  it('logs and counts a round that fails, and the next round still runs', async () => {
    const { logger, records } = recordingLogger();
    const queue = await startJobQueue(databaseUrl, logger);
    queues.push(queue);
    let rounds = 0;
    await queue.every('failing', 1_000, async () => {
      rounds++;
      throw new Error(`the RPC answered 502 (round ${rounds})`);
    });
    await sleep(2_600);
    expect(rounds).toBeGreaterThanOrEqual(2);
    expect(queue.failures()).toEqual({ failing: rounds });
    const errors = records.filter((record) => record.level === 50 && record.job === 'failing');
    expect(errors.map((record) => record.msg)).toEqual(new Array(rounds).fill('background job failing failed'));
    expect(errors[0]!.err!.message).toBe('the RPC answered 502 (round 1)');
  });

  it('keeps running an overlap-safe job while another instance is stuck mid-round (or was killed in one)', async () => {
    const stuck = await startJobQueue(databaseUrl, recordingLogger().logger);
    queues.push(stuck);
    let stuckRounds = 0;
    // This instance's round never ends: in the queue's tables it is active for good, as a killed process leaves it.
    await stuck.every('payouts', 1_000, () => new Promise(() => stuckRounds++), { overlapSafe: true });
    await sleep(1_500);
    expect(stuckRounds).toBe(1);

    const alive = await startJobQueue(databaseUrl, recordingLogger().logger);
    queues.push(alive);
    let rounds = 0;
    await alive.every('payouts', 1_000, async () => rounds++, { overlapSafe: true });
    await sleep(2_600);
    // One at a time (the default) this would be 0 until the stuck round expires.
    expect(rounds).toBeGreaterThanOrEqual(2);
  });
});

describe('a one-off job', () => {
  it("cut off with its instance is tried again after its own expiry, not pg-boss's 15 minutes", { timeout: 60_000 }, async () => {
    const queue = await startJobQueue(databaseUrl, recordingLogger().logger);
    queues.push(queue);
    const attempts: { retryCount: number; at: number }[] = [];
    const add = await queue.queue<{ n: number }>(
      'deliveries',
      { retryLimit: 2, retryDelaySeconds: 1, expiresInSeconds: 2 },
      async (_data, { retryCount }) => {
        attempts.push({ retryCount, at: Date.now() });
        // The first attempt never ends: in the queue's tables it is active for good, as a killed process leaves it.
        if (retryCount === 0) await new Promise(() => {});
      },
    );
    const queuedAt = Date.now();
    await add({ n: 1 });
    // Expired by the queue's maintenance (every 15 s) once its 2 s are up, then retried about 1 s later.
    await expect.poll(() => attempts.map((attempt) => attempt.retryCount), { timeout: 40_000, interval: 500 }).toEqual([0, 1]);
    expect(attempts[1]!.at - queuedAt).toBeLessThan(40_000);
  });
});

describe("a webhook delivery's retries", () => {
  it('come 30 to 60 s after a refusal, then about twice as far apart, 11 times', { timeout: 30_000 }, async () => {
    const queue = await startJobQueue(databaseUrl, recordingLogger().logger);
    queues.push(queue);
    let attempts = 0;
    const add = await queue.queue<{ n: number }>('refused-deliveries', WEBHOOK_RETRY, async () => {
      attempts++;
      throw new Error('the receiver answered 500');
    });
    await add({ n: 1 });
    await expect.poll(() => attempts, { timeout: 20_000 }).toBe(1);
    // The queue's own record of when it will try again (the browser suite lets that time pass at once).
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const waited = async () => {
        const { rows } = await client.query<{ state: string; retry_limit: number; wait: number }>(
          `SELECT state, retry_limit, extract(epoch FROM start_after - now())::float AS wait FROM ${SCHEMA}.job WHERE name = 'refused-deliveries'`,
        );
        return rows;
      };
      await expect.poll(async () => (await waited())[0]?.state, { timeout: 10_000 }).toBe('retry');
      const [job] = await waited();
      expect(job!.retry_limit).toBe(11);
      expect(job!.wait).toBeGreaterThan(25);
      expect(job!.wait).toBeLessThanOrEqual(60);
    } finally {
      await client.end();
    }
  });
});
