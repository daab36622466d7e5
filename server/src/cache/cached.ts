/**
 * One value kept in memory for a while: read through `load` when absent or older than the TTL,
 * with one load at a time shared by every caller (a burst of requests costs one query).
 *
 * invalidate() drops the value and any load already under way, so a load that started before a
 * change (and may have read the old row) can never store its result afterwards.
 */
export class Cached<T> {
  private entry: { value: T; expiresAt: number } | undefined;
  private loading: Promise<T> | undefined;
  private generation = 0;

  constructor(
    private readonly load: () => Promise<T>,
    /** Milliseconds a value may be served; 0 turns caching off. Read on every get. */
    private readonly ttlMs: () => number,
    /** False while the cache must not be trusted (its invalidations could be missed): read through. */
    private readonly trusted: () => boolean = () => true,
    /**
     * Once the TTL has run out, keep answering the old value while one refresh runs (for a
     * figure whose load is slow and whose age is all that matters, so no caller ever waits on it).
     */
    private readonly staleWhileRefreshing = false,
  ) {}

  get(): Promise<T> {
    const ttl = this.ttlMs();
    if (ttl <= 0 || !this.trusted()) return this.load();
    if (this.entry && Date.now() < this.entry.expiresAt) return Promise.resolve(this.entry.value);
    if (this.entry && this.staleWhileRefreshing) {
      if (!this.loading) this.refresh(ttl).catch(() => undefined); // the next caller tries again
      return Promise.resolve(this.entry.value);
    }
    return this.loading ?? this.refresh(ttl);
  }

  private refresh(ttl: number): Promise<T> {
    const generation = this.generation;
    const loading = this.load()
      .then((value) => {
        if (generation === this.generation) this.entry = { value, expiresAt: Date.now() + ttl };
        return value;
      })
      .finally(() => {
        if (this.loading === loading) this.loading = undefined;
      });
    this.loading = loading;
    return loading;
  }

  invalidate(): void {
    this.generation += 1;
    this.entry = undefined;
    this.loading = undefined;
  }
}

/**
 * Derives something (say, a response body) from a cached value once per value: while the cache
 * hands out the same object, the derived one is reused.
 */
export function derivedFrom<S extends object, D>(derive: (source: S) => D): (source: S) => D {
  let memo: { source: S; derived: D } | undefined;
  return (source) => {
    if (memo?.source !== source) memo = { source, derived: derive(source) };
    return memo.derived;
  };
}
