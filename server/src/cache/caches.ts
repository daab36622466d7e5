/**
 * What this server process keeps in memory, and when each is dropped.
 *
 * - Settings and the public plan list: read on nearly every request, changed only by an admin.
 *   Every audited admin change drops them here the moment its transaction commits (audit.ts),
 *   and on every other instance when its NOTIFY arrives (followChanges), milliseconds later.
 *   They are served from memory only while this instance is LISTENing: with the listening
 *   connection lost, a change elsewhere could go unannounced, so they are read from PostgreSQL
 *   on every request until LISTEN is back (and dropped then). The TTL (CACHE_TTL_MS, 5 s) is a
 *   safety net on top, and bounds staleness after an edit made outside the app (plain SQL).
 * - The stats: the number of holders is a walk over every stake's index entry (about half a
 *   second at a million stakes). The public figures change with every deposit, so they are not
 *   invalidated by events: they are refreshed every STATS_CACHE_MS (30 s) on each instance, in
 *   the background (callers get the previous figures meanwhile, never wait). The admin cards are
 *   one snapshot of all four figures, read again once stakes, withdrawals, payouts or plans move
 *   (reading at most half the time, however many move: a walk of half a second at most once a
 *   second) and at least every STATS_CACHE_MS: an operator sees a deposit in every card at once, or
 *   in none.
 *
 * - The public plan list also carries each capped plan's remaining capacity: it is dropped, on
 *   every instance, at every stake event too (stake.created, withdrawal.requested, stakes.expired).
 *
 * Each server keeps its own (cachesOf: kept with its database handle), so two servers in one
 * process never drop or serve each other's.
 */
import type { AdminEvent } from '@stakedesk/shared/api-types';
import type { AdminEventHub } from '../events/admin-event-hub.js';
import { keptWithDatabase } from '../db/kept-with-database.js';
import { Cached } from './cached.js';
import { ChangedSnapshot } from './changed-snapshot.js';

export const DEFAULT_CACHE_TTL_MS = 5_000;
export const DEFAULT_STATS_CACHE_MS = 30_000;

/** What a change drops: a cached value, or a snapshot that reads again. */
type Droppable = { invalidate(): void };

/** The entity type a cache names to be dropped whenever stakes are created, expired or withdrawn. */
export const STAKES_MOVED = 'stake';

/** One server's caches, and what each is dropped by. */
export class Caches {
  private readonly config = { ttlMs: DEFAULT_CACHE_TTL_MS, statsTtlMs: DEFAULT_STATS_CACHE_MS };
  private listening = false;
  private readonly adminChanged: Cached<unknown>[] = [];
  private readonly stats: Droppable[] = [];
  /** Which caches an audited change of an entity type makes stale. */
  private readonly byEntity = new Map<string, Droppable[]>();

  configure(options: { ttlMs: number; statsTtlMs: number }): void {
    Object.assign(this.config, options);
    [...this.adminChanged, ...this.stats].forEach((cache) => cache.invalidate());
  }

  /** A cache of something only an admin changes (an entity of these audit types): trusted while LISTEN is in place. */
  adminChangedCache<T>(entityTypes: string[], load: () => Promise<T>): Cached<T> {
    const cache = new Cached(
      load,
      () => this.config.ttlMs,
      () => this.listening,
    );
    this.adminChanged.push(cache as Cached<unknown>);
    this.droppedBy(entityTypes, cache);
    return cache;
  }

  /** A cache of a figure that changes all the time: refreshed every STATS_CACHE_MS, whatever happens. */
  statsCache<T>(load: () => Promise<T>): Cached<T> {
    const cache = new Cached(
      load,
      () => this.config.statsTtlMs,
      () => true,
      true,
    );
    this.stats.push(cache);
    return cache;
  }

  /**
   * A snapshot of figures that change all the time and are costly to read, read afresh once an entity
   * of `changedBy` changes (reading at most half the time) and at least every STATS_CACHE_MS (changed-snapshot.ts).
   */
  changedSnapshot<T>(load: () => Promise<T>, changedBy: string[]): ChangedSnapshot<T> {
    const snapshot = new ChangedSnapshot(load, () => this.config.statsTtlMs);
    this.stats.push(snapshot);
    this.droppedBy(changedBy, snapshot);
    return snapshot;
  }

  /** An admin changed an entity of this type (here, at commit; or on another instance, by NOTIFY). */
  invalidateEntity(entityType: string): void {
    this.byEntity.get(entityType)?.forEach((cache) => cache.invalidate());
  }

  /** Keeps the caches in step with every instance's changes, through the hub's LISTEN connection (opened now). */
  followChanges(hub: Pick<AdminEventHub, 'watch'>): () => void {
    return hub.watch({
      onEvent: (event: AdminEvent) => {
        if (event.type === 'admin.changed') this.invalidateEntity(event.entityType);
        // A deposit, a withdrawal request or an expiry changes what the plans hold (their remaining capacity).
        else if (event.type !== 'resync' && event.type !== 'security.changed') this.invalidateEntity(STAKES_MOVED);
      },
      onListening: () => {
        // Whatever changed while nobody listened is read afresh.
        this.adminChanged.forEach((cache) => cache.invalidate());
        this.listening = true;
      },
      onLost: () => {
        this.listening = false;
        this.adminChanged.forEach((cache) => cache.invalidate());
      },
    });
  }

  private droppedBy(entityTypes: string[], cache: Droppable): void {
    for (const type of entityTypes) this.byEntity.set(type, [...(this.byEntity.get(type) ?? []), cache]);
  }
}

/** The caches of the server whose database this is. */
export const cachesOf = keptWithDatabase(() => new Caches());
