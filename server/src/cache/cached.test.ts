import { afterEach, describe, expect, it, vi } from 'vitest';
import { Cached } from './cached.js';

/** A load whose answers the test hands out one by one, counting the calls. */
function controlledLoad() {
  const pending: ((value: number) => void)[] = [];
  const load = vi.fn(() => new Promise<number>((resolve) => pending.push(resolve)));
  return { load, answer: (value: number) => pending.shift()!(value) };
}

afterEach(() => vi.useRealTimers());

describe('Cached', () => {
  it('shares one load between callers and serves its value until the TTL runs out', async () => {
    vi.useFakeTimers();
    const { load, answer } = controlledLoad();
    const cache = new Cached(load, () => 1000);
    const first = cache.get();
    const second = cache.get();
    answer(1);
    expect([await first, await second]).toEqual([1, 1]);
    expect(await cache.get()).toBe(1);
    expect(load).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(1001);
    const third = cache.get();
    answer(2);
    expect(await third).toBe(2);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('stale-while-refreshing: answers the old value at once and refreshes it once in the background', async () => {
    vi.useFakeTimers();
    const { load, answer } = controlledLoad();
    const cache = new Cached(
      load,
      () => 1000,
      () => true,
      true,
    );
    const first = cache.get();
    answer(1);
    await first;

    vi.advanceTimersByTime(1001);
    expect(await cache.get()).toBe(1);
    expect(await cache.get()).toBe(1);
    expect(load).toHaveBeenCalledTimes(2);
    answer(2);
    await vi.waitFor(async () => expect(await cache.get()).toBe(2));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('stale-while-refreshing: a failed refresh keeps the old value and the next caller tries again', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const cache = new Cached(
      async () => {
        calls += 1;
        if (calls === 2) throw new Error('database down');
        return calls;
      },
      () => 1000,
      () => true,
      true,
    );
    expect(await cache.get()).toBe(1);
    vi.advanceTimersByTime(1001);
    expect(await cache.get()).toBe(1); // starts the refresh that fails
    await vi.waitFor(() => expect(calls).toBe(2));
    expect(await cache.get()).toBe(1); // starts another
    await vi.waitFor(async () => expect(await cache.get()).toBe(3));
  });

  it('never stores a load that started before invalidate()', async () => {
    const { load, answer } = controlledLoad();
    const cache = new Cached(load, () => 60_000);
    const before = cache.get();
    cache.invalidate();
    const after = cache.get();
    answer(1); // read before the change
    answer(2);
    expect(await before).toBe(1);
    expect(await after).toBe(2);
    expect(await cache.get()).toBe(2);
  });

  it('reads through while untrusted or with a TTL of 0', async () => {
    let trusted = false;
    let value = 0;
    const cache = new Cached(
      async () => ++value,
      () => 60_000,
      () => trusted,
    );
    expect([await cache.get(), await cache.get()]).toEqual([1, 2]);
    trusted = true;
    expect([await cache.get(), await cache.get()]).toEqual([3, 3]);
    const off = new Cached(
      async () => ++value,
      () => 0,
    );
    expect([await off.get(), await off.get()]).toEqual([4, 5]);
  });
});
