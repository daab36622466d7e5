import { useMutation, useQueryClient, type QueryClient, type QueryKey, type UseMutationOptions } from '@tanstack/react-query';
import { useCallback } from 'react';
import { staleKeys, type AdminChange } from './stale-keys.js';

/**
 * How long a mutation waits for the event stream to announce its change before refetching by
 * itself. The server announces a change when it commits, before it answers the request, so the
 * announcement normally arrives with the answer: only a stream that stopped without noticing
 * leaves the wait to run out.
 */
export const ECHO_WAIT_MS = 3_000;

/** A refetch the stream started this shortly before a mutation's answer arrived is taken for its change's. */
const ECHO_LOOKBACK_MS = 1_000;

const covers = (prefix: QueryKey, key: QueryKey) => prefix.length <= key.length && prefix.every((part, i) => part === key[i]);

/**
 * Refetches what a change made stale, once. The live event stream refetches by the map on every
 * event; a mutation relies on it while it is live (the server announces every admin mutation, so
 * the stream would refetch the same queries again) and refetches by itself only when the stream
 * is down or its change was not announced within ECHO_WAIT_MS. Any refetch started after the
 * change committed shows it, so one is enough, whichever of the answer and the event comes first.
 */
export class AdminInvalidation {
  private live = false;
  private readonly refetchedByStream: { key: QueryKey; at: number }[] = [];
  private readonly waiting = new Set<{ keys: QueryKey[]; timer: ReturnType<typeof setTimeout> }>();

  constructor(
    private readonly queryClient: QueryClient,
    private readonly now: () => number = Date.now,
  ) {}

  /** The stream is following the server (true) or not (false): while not, mutations refetch at once. */
  setStreamLive(live: boolean): void {
    this.live = live;
    if (!live) for (const wait of [...this.waiting]) this.settle(wait);
  }

  /** An event from the stream (or a resync): refetches what it made stale. */
  fromStream(change: AdminChange): void {
    const keys = staleKeys(change);
    this.refetch(keys);
    const at = this.now();
    this.refetchedByStream.push(...keys.map((key) => ({ key, at })));
    this.forgetOld();
    for (const wait of [...this.waiting]) {
      wait.keys = wait.keys.filter((key) => !keys.some((done) => covers(done, key)));
      if (wait.keys.length === 0) {
        clearTimeout(wait.timer);
        this.waiting.delete(wait);
      }
    }
  }

  /** A mutation of this panel succeeded; `changes` are the events its request makes the server announce. */
  afterMutation(...changes: AdminChange[]): void {
    const keys = unique(changes.flatMap(staleKeys));
    if (!this.live) return this.refetch(keys);
    this.forgetOld();
    const since = this.now() - ECHO_LOOKBACK_MS;
    const open = keys.filter((key) => !this.refetchedByStream.some((done) => done.at >= since && covers(done.key, key)));
    if (open.length === 0) return;
    const wait = { keys: open, timer: setTimeout(() => this.settle(wait), ECHO_WAIT_MS) };
    this.waiting.add(wait);
  }

  private settle(wait: { keys: QueryKey[]; timer: ReturnType<typeof setTimeout> }): void {
    clearTimeout(wait.timer);
    this.waiting.delete(wait);
    this.refetch(wait.keys);
  }

  private refetch(keys: QueryKey[]): void {
    for (const queryKey of keys) void this.queryClient.invalidateQueries({ queryKey });
  }

  private forgetOld(): void {
    const since = this.now() - ECHO_LOOKBACK_MS;
    while (this.refetchedByStream.length > 0 && this.refetchedByStream[0]!.at < since) this.refetchedByStream.shift();
  }
}

function unique(keys: QueryKey[]): QueryKey[] {
  return [...new Map(keys.map((key) => [JSON.stringify(key), key])).values()];
}

const byClient = new WeakMap<QueryClient, AdminInvalidation>();

/** The panel's one AdminInvalidation (one per QueryClient, so per signed-in panel). */
export function adminInvalidation(queryClient: QueryClient): AdminInvalidation {
  let invalidation = byClient.get(queryClient);
  if (!invalidation) byClient.set(queryClient, (invalidation = new AdminInvalidation(queryClient)));
  return invalidation;
}

/** For a mutation's onSuccess: what its change made stale is refetched, once. */
export function useAfterChange(): (...changes: AdminChange[]) => void {
  const queryClient = useQueryClient();
  return useCallback((...changes: AdminChange[]) => adminInvalidation(queryClient).afterMutation(...changes), [queryClient]);
}

/** What a component adds to a mutation of an api.ts: its own reaction (toast, closing a dialog). */
export type MutationCallbacks<TData, TVariables> = Pick<UseMutationOptions<TData, Error, TVariables>, 'onSuccess' | 'onError'>;

/**
 * A mutation whose success refetches, once, what its change made stale (`changes`: the events its
 * request makes the server announce), then runs the component's onSuccess.
 */
export function useChangeMutation<TData, TVariables = void>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  changes: (data: TData, variables: TVariables) => AdminChange[],
  callbacks: MutationCallbacks<TData, TVariables> = {},
) {
  const afterChange = useAfterChange();
  return useMutation<TData, Error, TVariables>({
    ...callbacks,
    mutationFn,
    onSuccess: (data, variables, result, context) => {
      afterChange(...changes(data, variables));
      return callbacks.onSuccess?.(data, variables, result, context);
    },
  });
}
