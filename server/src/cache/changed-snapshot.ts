const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A value that is costly to read (a walk over every stake) and must follow every change: served
 * from memory until something changes it (`invalidate()`) or `maxAgeMs` runs out, then read again.
 * A reader never gets a value read before a change announced before it asked: it waits for a read
 * that starts after that change. Reads run one at a time, shared by every reader waiting, and a
 * read starts no sooner after the last one started than twice as long as that one took: whatever
 * the rate of changes, reading takes at most half the time (a quick read follows changes closely,
 * a walk of half a second runs at most once a second), never one per deposit, nor a pile at once.
 */
export class ChangedSnapshot<T> {
  private stored: { value: T; readAt: number; version: number } | undefined;
  /** Bumped by every change. */
  private version = 0;
  /** The one read under way, waiting for its turn or running. */
  private reading: Promise<T> | undefined;
  /** The changes the running read sees (the version when it started); undefined while it waits for its turn. */
  private readingVersion: number | undefined;
  /** When the last read started and how long it took: the next starts no sooner than that much again after it ended. */
  private last = { startedAt: Number.NEGATIVE_INFINITY, tookMs: 0 };

  constructor(
    private readonly load: () => Promise<T>,
    private readonly maxAgeMs: () => number,
  ) {}

  get(): Promise<T> {
    const stored = this.stored;
    if (stored && stored.version === this.version && Date.now() - stored.readAt < this.maxAgeMs()) return Promise.resolve(stored.value);
    if (!this.reading) return (this.reading = this.read());
    // A read still waiting for its turn will see every change so far; a running one, only if none came since it started.
    if (this.readingVersion === undefined || this.readingVersion === this.version) return this.reading;
    return this.reading.then(
      () => this.get(),
      () => this.get(),
    );
  }

  /** Something the value depends on changed. */
  invalidate(): void {
    this.version += 1;
  }

  private async read(): Promise<T> {
    try {
      const wait = this.last.startedAt + 2 * this.last.tookMs - Date.now();
      if (wait > 0) await sleep(wait);
      const version = (this.readingVersion = this.version);
      const startedAt = Date.now();
      try {
        const value = await this.load();
        this.stored = { value, readAt: startedAt, version };
        return value;
      } finally {
        this.last = { startedAt, tookMs: Date.now() - startedAt };
      }
    } finally {
      this.reading = undefined;
      this.readingVersion = undefined;
    }
  }
}
