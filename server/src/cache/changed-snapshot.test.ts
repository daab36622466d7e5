import { describe, expect, it } from 'vitest';
import { ChangedSnapshot } from './changed-snapshot.js';

const READ_MS = 30;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A read of "the world" (a counter of changes made so far) that takes READ_MS, recording when each
 * read started and how many ran at once.
 */
function world() {
  let changes = 0;
  let running = 0;
  const reads: { startedAt: number; tookMs: number; saw: number }[] = [];
  let mostAtOnce = 0;
  const load = async () => {
    running += 1;
    mostAtOnce = Math.max(mostAtOnce, running);
    const saw = changes;
    const read = { startedAt: Date.now(), tookMs: 0, saw };
    reads.push(read);
    await sleep(READ_MS);
    read.tookMs = Date.now() - read.startedAt;
    running -= 1;
    return saw;
  };
  const snapshot = new ChangedSnapshot(load, () => 60_000);
  const change = () => {
    changes += 1;
    snapshot.invalidate();
  };
  return { snapshot, change, reads, changes: () => changes, mostAtOnce: () => mostAtOnce };
}

describe('ChangedSnapshot', () => {
  it('serves what it read until something changes, then reads again', async () => {
    const w = world();
    expect(await w.snapshot.get()).toBe(0);
    expect(await w.snapshot.get()).toBe(0);
    expect(w.reads).toHaveLength(1);
    w.change();
    expect(await w.snapshot.get()).toBe(1);
    expect(w.reads).toHaveLength(2);
  });

  it('never answers a reader with a read that started before a change announced before it asked', async () => {
    const w = world();
    const first = w.snapshot.get();
    await sleep(10);
    // The read above is running; this change comes after it started.
    w.change();
    const second = w.snapshot.get();
    expect(await first).toBe(0);
    expect(await second).toBe(1);
  });

  it('a burst of changes: one read at a time, reading at most half the time, and every reader sees every change made before it asked', async () => {
    const w = world();
    const answers: Promise<{ asked: number; saw: number }>[] = [];
    const began = Date.now();
    for (let i = 0; i < 40; i++) {
      w.change();
      const asked = w.changes();
      answers.push(w.snapshot.get().then((saw) => ({ asked, saw })));
      await sleep(10);
    }
    const settled = await Promise.all(answers);
    const elapsed = Date.now() - began;
    for (const { asked, saw } of settled) expect(saw).toBeGreaterThanOrEqual(asked);
    expect(w.mostAtOnce()).toBe(1);
    // Each read starts at least twice as long as its predecessor took after that one started. Node's
    // timers count whole milliseconds of a clock that may lag Date.now() by one: a 30 ms read may
    // measure 29, and the wait after it may end a millisecond early, hence the 1 ms of slack.
    expect(w.reads.length).toBeLessThanOrEqual(Math.ceil(elapsed / (2 * (READ_MS - 1))) + 1);
    for (let i = 1; i < w.reads.length; i++) {
      const before = w.reads[i - 1]!;
      expect(w.reads[i]!.startedAt - before.startedAt).toBeGreaterThanOrEqual(2 * before.tookMs - 1);
    }
    expect(w.reads.length).toBeLessThan(40);
  });

  it('reads again once its value is older than its maximum age, changed or not', async () => {
    let reads = 0;
    const snapshot = new ChangedSnapshot(
      async () => (reads += 1),
      () => 50,
    );
    expect(await snapshot.get()).toBe(1);
    expect(await snapshot.get()).toBe(1);
    await sleep(60);
    expect(await snapshot.get()).toBe(2);
  });

  it('a failed read fails its readers only: the next reader reads again', async () => {
    let fail = true;
    const snapshot = new ChangedSnapshot(
      async () => {
        if (fail) throw new Error('database gone');
        return 'read';
      },
      () => 60_000,
    );
    await expect(snapshot.get()).rejects.toThrow('database gone');
    fail = false;
    expect(await snapshot.get()).toBe('read');
  });
});
