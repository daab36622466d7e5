import { useQuery } from '@tanstack/react-query';
import type { Stake, Withdrawal } from '@stakedesk/shared/api-types';
import { WALLET_PAGE_LIMIT } from '@stakedesk/shared/constants';
import { apiResponse } from '../../lib/api-client.js';

export const stakeKeys = { all: ['stakes'] as const, ofWallet: (wallet: string) => ['stakes', wallet] as const };
export const withdrawalKeys = { all: ['withdrawals'] as const, ofWallet: (wallet: string) => ['withdrawals', wallet] as const };

/**
 * Every row of a holder's list. The first page (1000 rows) is all of it for any real holder;
 * when X-Total-Count says there is more, the other pages are asked for together.
 */
async function wholeList<T>(path: string): Promise<T[]> {
  const first = await apiResponse<T[]>(path);
  const total = Number(first.headers.get('x-total-count') ?? first.body.length);
  if (first.body.length >= total) return first.body;
  const offsets: number[] = [];
  for (let offset = first.body.length; offset < total; offset += WALLET_PAGE_LIMIT) offsets.push(offset);
  const rest = await Promise.all(offsets.map((offset) => apiResponse<T[]>(`${path}?limit=${WALLET_PAGE_LIMIT}&offset=${offset}`)));
  return [first.body, ...rest.map((page) => page.body)].flat();
}

export function useStakes(wallet: string | undefined) {
  return useQuery({
    queryKey: stakeKeys.ofWallet(wallet ?? ''),
    queryFn: async () => {
      try {
        return await wholeList<Stake>(`/api/stakes/${wallet}`);
      } catch {
        throw new Error('Failed to fetch stakes');
      }
    },
    enabled: Boolean(wallet),
  });
}

export function useWithdrawals(wallet: string | undefined) {
  return useQuery({
    queryKey: withdrawalKeys.ofWallet(wallet ?? ''),
    queryFn: () => wholeList<Withdrawal>(`/api/withdrawals/${wallet}`),
    enabled: Boolean(wallet),
  });
}
