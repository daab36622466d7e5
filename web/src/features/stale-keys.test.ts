import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { stakeKeys, withdrawalKeys } from './dashboard/api.js';
import { planKeys } from './plans/api.js';
import { holderStaleKeys } from './stale-keys.js';
import { statsKeys } from './stats/api.js';

describe("the holder app's map of what a change makes stale", () => {
  it('refetches the dashboard’s summary and every page of its tables when a new stake or a withdrawal request changes them, and only those', async () => {
    const queryClient = new QueryClient();
    const fetches = new Map<string, number>();
    const stops: (() => void)[] = [];
    const show = (queryKey: QueryKey) => {
      const observer = new QueryObserver(queryClient, {
        queryKey,
        queryFn: async () => fetches.set(JSON.stringify(queryKey), (fetches.get(JSON.stringify(queryKey)) ?? 0) + 1),
      });
      stops.push(observer.subscribe(() => undefined));
    };
    const wallet = 'Wallet1111111111111111111111111111111111111';
    const dashboard = [
      stakeKeys.summary(wallet),
      stakeKeys.group(wallet, 'running'),
      stakeKeys.group(wallet, 'finished'),
      withdrawalKeys.pages(wallet),
    ];
    for (const key of [...dashboard, statsKeys.all, planKeys.all]) show(key);
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
    fetches.clear();

    await Promise.all(holderStaleKeys('withdrawal.requested').map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    expect(Object.fromEntries(fetches)).toEqual(Object.fromEntries(dashboard.map((key) => [JSON.stringify(key), 1])));
    fetches.clear();
    await Promise.all(holderStaleKeys('stake.created').map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    expect(fetches.get(JSON.stringify(statsKeys.all))).toBe(1);
    expect(fetches.has(JSON.stringify(planKeys.all))).toBe(false);
    stops.forEach((stop) => stop());
  });
});
