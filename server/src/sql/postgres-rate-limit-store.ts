import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';
import { QueryTypes, type Sequelize } from 'sequelize';

/**
 * express-rate-limit counters in PostgreSQL, so every server instance shares one count per key
 * (see SECURITY.md). One upsert per hit; a window that has ended starts again at 1.
 */
export class PostgresRateLimitStore implements Store {
  private windowMs = 60_000;
  readonly localKeys = false;

  constructor(
    private readonly db: Sequelize,
    readonly prefix: string,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const [row] = await this.db.query<{ hits: number; reset_at: Date }>(
      'SELECT hits, reset_at FROM rate_limits WHERE key = :key AND reset_at > now()',
      { replacements: { key: this.prefix + key }, type: QueryTypes.SELECT },
    );
    return row ? { totalHits: row.hits, resetTime: row.reset_at } : undefined;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const [row] = await this.db.query<{ hits: number; reset_at: Date }>(
      `INSERT INTO rate_limits (key, hits, reset_at) VALUES (:key, 1, now() + make_interval(secs => :seconds))
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.hits + 1 END,
         reset_at = CASE WHEN rate_limits.reset_at <= now() THEN excluded.reset_at ELSE rate_limits.reset_at END
       RETURNING hits, reset_at`,
      { replacements: { key: this.prefix + key, seconds: this.windowMs / 1000 }, type: QueryTypes.SELECT },
    );
    return { totalHits: row!.hits, resetTime: row!.reset_at };
  }

  async decrement(key: string): Promise<void> {
    await this.db.query('UPDATE rate_limits SET hits = greatest(hits - 1, 0) WHERE key = :key', {
      replacements: { key: this.prefix + key },
    });
  }

  async resetKey(key: string): Promise<void> {
    await this.db.query('DELETE FROM rate_limits WHERE key = :key', { replacements: { key: this.prefix + key } });
  }
}

/**
 * Counts `hits` at once against `limit` in the key's current window, or none of them when they
 * would take the count over it (a JSON-RPC batch is let through whole or refused whole). Same
 * table and windows as the store above; the conditional upsert keeps it exact across instances.
 */
export async function takeHits(
  db: Sequelize,
  key: string,
  hits: number,
  { limit, windowMs }: { limit: number; windowMs: number },
): Promise<{ taken: boolean; resetTime: Date }> {
  if (hits > limit) return { taken: false, resetTime: new Date(Date.now() + windowMs) };
  const [row] = await db.query<{ reset_at: Date }>(
    `INSERT INTO rate_limits (key, hits, reset_at) VALUES (:key, :hits, now() + make_interval(secs => :seconds))
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN rate_limits.reset_at <= now() THEN excluded.hits ELSE rate_limits.hits + excluded.hits END,
       reset_at = CASE WHEN rate_limits.reset_at <= now() THEN excluded.reset_at ELSE rate_limits.reset_at END
     WHERE rate_limits.reset_at <= now() OR rate_limits.hits + excluded.hits <= :limit
     RETURNING reset_at`,
    { replacements: { key, hits, limit, seconds: windowMs / 1000 }, type: QueryTypes.SELECT },
  );
  if (row) return { taken: true, resetTime: row.reset_at };
  const [current] = await db.query<{ reset_at: Date }>('SELECT reset_at FROM rate_limits WHERE key = :key', {
    replacements: { key },
    type: QueryTypes.SELECT,
  });
  return { taken: false, resetTime: current?.reset_at ?? new Date() };
}

export async function deleteExpiredRateLimits(db: Sequelize): Promise<void> {
  await db.query('DELETE FROM rate_limits WHERE reset_at <= now()');
}
