import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminKeys } from '../queries/query-keys.js';
import { AdminInvalidation, ECHO_WAIT_MS } from './invalidation.js';
import type { AdminChange } from './stale-keys.js';

const PLAN_CHANGED: AdminChange = { type: 'admin.changed', entityType: 'plan' };

let queryClient: QueryClient;
let invalidation: AdminInvalidation;
let fetches: Record<string, number>;
let stop: (() => void)[];

/** A query the panel shows (an observer keeps it active), counting each time it is fetched. */
async function shown(queryKey: QueryKey): Promise<void> {
  const name = JSON.stringify(queryKey);
  fetches[name] = 0;
  const observer = new QueryObserver(queryClient, {
    queryKey,
    queryFn: async () => {
      fetches[name] = (fetches[name] ?? 0) + 1;
      return fetches[name];
    },
  });
  stop.push(observer.subscribe(() => undefined));
  await vi.waitFor(() => expect(fetches[name]).toBe(1));
  fetches[name] = 0;
}

/** How many times each query was fetched once everything started has settled. */
async function refetched(): Promise<Record<string, number>> {
  await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
  return fetches;
}

beforeEach(async () => {
  queryClient = new QueryClient();
  invalidation = new AdminInvalidation(queryClient);
  fetches = {};
  stop = [];
  for (const key of [adminKeys.plans, adminKeys.stats, adminKeys.audit, adminKeys.admins]) await shown(key);
});
afterEach(() => {
  stop.forEach((unsubscribe) => unsubscribe());
  vi.useRealTimers();
});

const counts = (plans: number, stats: number, audit: number, admins = 0) => ({
  [JSON.stringify(adminKeys.plans)]: plans,
  [JSON.stringify(adminKeys.stats)]: stats,
  [JSON.stringify(adminKeys.audit)]: audit,
  [JSON.stringify(adminKeys.admins)]: admins,
});

describe('a change the panel made, while the event stream is live', () => {
  beforeEach(() => invalidation.setStreamLive(true));

  it('is refetched once when the answer comes before the event', async () => {
    invalidation.afterMutation(PLAN_CHANGED);
    invalidation.fromStream(PLAN_CHANGED);
    expect(await refetched()).toEqual(counts(1, 1, 1));
  });

  it('is refetched once when the event comes before the answer', async () => {
    invalidation.fromStream(PLAN_CHANGED);
    invalidation.afterMutation(PLAN_CHANGED);
    expect(await refetched()).toEqual(counts(1, 1, 1));
  });

  it('is refetched by the mutation itself when no event comes within the wait', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    invalidation.afterMutation(PLAN_CHANGED);
    expect(await refetched()).toEqual(counts(0, 0, 0));
    vi.advanceTimersByTime(ECHO_WAIT_MS);
    vi.useRealTimers();
    expect(await refetched()).toEqual(counts(1, 1, 1));
  });

  it('is refetched at once when the stream drops while the mutation waits', async () => {
    invalidation.afterMutation(PLAN_CHANGED);
    invalidation.setStreamLive(false);
    expect(await refetched()).toEqual(counts(1, 1, 1));
  });
});

describe('without a live stream', () => {
  it('a mutation refetches what its change made stale, at once', async () => {
    invalidation.afterMutation(PLAN_CHANGED);
    expect(await refetched()).toEqual(counts(1, 1, 1));
  });
});

describe('the stream', () => {
  it('refetches what each event made stale, every time', async () => {
    invalidation.setStreamLive(true);
    invalidation.fromStream({ type: 'admin.changed', entityType: 'admin' });
    expect(await refetched()).toEqual(counts(0, 0, 1, 1));
    invalidation.fromStream({ type: 'admin.changed', entityType: 'admin' });
    expect(await refetched()).toEqual(counts(0, 0, 2, 2));
  });

  it('after a resync, covers a mutation of anything', async () => {
    invalidation.setStreamLive(true);
    invalidation.fromStream({ type: 'resync' });
    invalidation.afterMutation(PLAN_CHANGED);
    expect(await refetched()).toEqual(counts(1, 1, 1, 1));
  });
});
