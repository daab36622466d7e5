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
 * A process serves one database (as the Sequelize models do), so the caches are module state.
 */
import type { AdminEvent } from '@stakedesk/shared/api-types';
import type { AdminEventHub, HubWatcher } from '../events/admin-event-hub.js';
import { Cached } from './cached.js';
import { ChangedSnapshot } from './changed-snapshot.js';

export const DEFAULT_CACHE_TTL_MS = 5_000;
export const DEFAULT_STATS_CACHE_MS = 30_000;

const config = { ttlMs: DEFAULT_CACHE_TTL_MS, statsTtlMs: DEFAULT_STATS_CACHE_MS };
let listening = false;
/** What a change drops: a cached value, or a snapshot that reads again. */
type Droppable = { invalidate(): void };

const adminChanged: Cached<unknown>[] = [];
const stats: Droppable[] = [];
/** The entity type a cache names to be dropped whenever stakes are created, expired or withdrawn. */
export const STAKES_MOVED = 'stake';
/** Which caches an audited change of an entity type makes stale. */
const byEntity = new Map<string, Droppable[]>();

export function configureCaches(options: { ttlMs: number; statsTtlMs: number }): void {
  Object.assign(config, options);
  invalidateAll();
}

/** A cache of something only an admin changes (an entity of these audit types): trusted while LISTEN is in place. */
export function adminChangedCache<T>(entityTypes: string[], load: () => Promise<T>): Cached<T> {
  const cache = new Cached(
    load,
    () => config.ttlMs,
    () => listening,
  );
  adminChanged.push(cache as Cached<unknown>);
  for (const type of entityTypes) byEntity.set(type, [...(byEntity.get(type) ?? []), cache as Cached<unknown>]);
  return cache;
}

/** A cache of a figure that changes all the time: refreshed every STATS_CACHE_MS, whatever happens. */
export function statsCache<T>(load: () => Promise<T>): Cached<T> {
  const cache = new Cached(
    load,
    () => config.statsTtlMs,
    () => true,
    true,
  );
  stats.push(cache);
  return cache;
}

/**
 * A snapshot of figures that change all the time and are costly to read, read afresh once an entity
 * of `changedBy` changes (reading at most half the time) and at least every STATS_CACHE_MS (changed-snapshot.ts).
 */
export function changedSnapshot<T>(load: () => Promise<T>, changedBy: string[]): ChangedSnapshot<T> {
  const snapshot = new ChangedSnapshot(load, () => config.statsTtlMs);
  stats.push(snapshot);
  for (const type of changedBy) byEntity.set(type, [...(byEntity.get(type) ?? []), snapshot]);
  return snapshot;
}

/** An admin changed an entity of this type (here, at commit; or on another instance, by NOTIFY). */
export function invalidateEntity(entityType: string): void {
  byEntity.get(entityType)?.forEach((cache) => cache.invalidate());
}

function invalidateAll(): void {
  [...adminChanged, ...stats].forEach((cache) => cache.invalidate());
}

/** Keeps the caches in step with every instance's changes, through the hub's LISTEN connection (opened now). */
export function followChanges(hub: AdminEventHub): () => void {
  return hub.watch(cacheWatcher);
}

const cacheWatcher: HubWatcher = {
  onEvent(event: AdminEvent): void {
    if (event.type === 'admin.changed') invalidateEntity(event.entityType);
    // A deposit, a withdrawal request or an expiry changes what the plans hold (their remaining capacity).
    else if (event.type !== 'resync' && event.type !== 'security.changed') invalidateEntity(STAKES_MOVED);
  },
  onListening(): void {
    // Whatever changed while nobody listened is read afresh.
    adminChanged.forEach((cache) => cache.invalidate());
    listening = true;
  },
  onLost(): void {
    listening = false;
    adminChanged.forEach((cache) => cache.invalidate());
  },
};
