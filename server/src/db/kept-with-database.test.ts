import { Sequelize } from 'sequelize';
import { describe, expect, it } from 'vitest';
import { cachesOf } from '../cache/caches.js';
import { keptWithDatabase } from './kept-with-database.js';

const unopened = () => new Sequelize('postgres://unused@127.0.0.1:9/unused', { logging: false });

describe('what a server keeps with its database handle', () => {
  it('is made once per handle, and never shared by two servers in one process', () => {
    let made = 0;
    const counterOf = keptWithDatabase(() => ({ number: (made += 1) }));
    const first = unopened();
    const second = unopened();
    expect(counterOf(first)).toBe(counterOf(first));
    expect(counterOf(second)).not.toBe(counterOf(first));
    expect(made).toBe(2);
  });

  it("keeps one server's caches from dropping another's", async () => {
    const [mine, theirs] = [unopened(), unopened()];
    let reads = 0;
    const settings = cachesOf(mine).adminChangedCache(['settings'], async () => (reads += 1));
    // LISTEN in place: the cache is trusted until something drops it.
    cachesOf(mine).followChanges({
      watch: (watcher) => {
        watcher.onListening();
        return () => undefined;
      },
    });
    expect(await settings.get()).toBe(1);
    cachesOf(theirs).invalidateEntity('settings');
    expect(await settings.get()).toBe(1);
    cachesOf(mine).invalidateEntity('settings');
    expect(await settings.get()).toBe(2);
  });
});
