import { QueryClient } from '@tanstack/react-query';

/**
 * The data client's defaults: data never goes stale, no refetch on focus, no polling, no retries.
 * A request made while the device is offline fails at once and says so (the holder's connection),
 * instead of waiting unseen, 'Processing...' on screen, for the connection to come back.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, refetchInterval: false, retry: false, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
