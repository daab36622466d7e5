import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLogger } from '../logger.js';
import { startJobQueue, type JobQueue } from './job-queue.js';

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
  it('runs once per interval across two instances, not once per instance', async () => {
    const [one, two] = await Promise.all([
      startJobQueue(databaseUrl, recordingLogger().logger),
      startJobQueue(databaseUrl, recordingLogger().logger),
    ]);
    queues.push(one, two);
    let runs = 0;
    const round = async () => {
      runs++;
    };
    await one.every('tick', 1_000, round);
    await two.every('tick', 1_000, round);
    await sleep(5_000);
    // One round per one-second slot between both instances: 5 or 6 in 5 s (each instance running
    // its own would make about 10).
    expect(runs).toBeGreaterThanOrEqual(4);
    expect(runs).toBeLessThanOrEqual(6);
  });

  it('never lets rounds slower than the interval pile up: one at a time on an instance, at most one waiting', async () => {
    const queue = await startJobQueue(databaseUrl, recordingLogger().logger);
    queues.push(queue);
    let runs = 0;
    let running = 0;
    let mostAtOnce = 0;
    let mostWaiting = 0;
    await queue.every('slow', 1_000, async () => {
      runs++;
      mostAtOnce = Math.max(mostAtOnce, ++running);
      await sleep(2_500);
      running--;
    });
    for (let i = 0; i < 12; i++) {
      await sleep(500);
      mostWaiting = Math.max(mostWaiting, (await queue.waiting()).slow ?? 0);
    }
    expect(mostAtOnce).toBe(1);
    expect(mostWaiting).toBe(1);
    expect(runs).toBeLessThanOrEqual(3);
  });

  it('keeps running rounds on another instance while one instance is stuck in a round (as one killed mid-round)', async () => {
    const [stuck, live] = await Promise.all([
      startJobQueue(databaseUrl, recordingLogger().logger),
      startJobQueue(databaseUrl, recordingLogger().logger),
    ]);
    queues.push(stuck, live);
    let release = () => {};
    const hung = new Promise<void>((resolve) => (release = resolve));
    let liveRuns = 0;
    await stuck.every('stuck', 1_000, () => hung);
    await sleep(500);
    await live.every('stuck', 1_000, async () => {
      liveRuns++;
    });
    await sleep(4_000);
    release();
    expect(liveRuns).toBeGreaterThanOrEqual(3);
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
});
