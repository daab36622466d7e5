const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A value that is costly to read (a walk over every stake) and must follow every change: served
 * from memory until something changes it (`invalidate()`) or `maxAgeMs` runs out, then read again.
 * A reader never gets a value read before a change announced before it asked: it waits for a read
 * that starts after that change. Reads start at most once per `minIntervalMs` whatever the rate of
 * changes, one at a time, shared by every reader waiting: a burst of deposits costs one read per
 * interval, never one per deposit, nor a pile of them running at once.
 */
export class ChangedSnapshot<T> {
  private stored: { value: T; readAt: number; version: number } | undefined;
  /** Bumped by every change. */
  private version = 0;
  /** The one read under way, waiting for its turn or running. */
  private reading: Promise<T> | undefined;
  /** The changes the running read sees (the version when it started); undefined while it waits for its turn. */
  private readingVersion: number | undefined;
  private lastStartedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly minIntervalMs: () => number,
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
      const wait = this.lastStartedAt + this.minIntervalMs() - Date.now();
      if (wait > 0) await sleep(wait);
      const version = (this.readingVersion = this.version);
      const startedAt = (this.lastStartedAt = Date.now());
      const value = await this.load();
      this.stored = { value, readAt: startedAt, version };
      return value;
    } finally {
      this.reading = undefined;
      this.readingVersion = undefined;
    }
  }
}
