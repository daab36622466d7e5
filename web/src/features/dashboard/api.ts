import { useQuery } from '@tanstack/react-query';
import type { Stake, Withdrawal } from '@stakedesk/shared/api-types';
import { api } from '../../lib/api-client.js';

export const stakesKey = (wallet: string) => ['stakes', wallet];
export const withdrawalsKey = (wallet: string) => ['withdrawals', wallet];

export function useStakes(wallet: string | undefined) {
  return useQuery({
    queryKey: stakesKey(wallet ?? ''),
    queryFn: async () => {
      try {
        return await api<Stake[]>(`/api/stakes/${wallet}`);
      } catch {
        throw new Error('Failed to fetch stakes');
      }
    },
    enabled: Boolean(wallet),
  });
}

export function useWithdrawals(wallet: string | undefined) {
  return useQuery({
    queryKey: withdrawalsKey(wallet ?? ''),
    queryFn: () => api<Withdrawal[]>(`/api/withdrawals/${wallet}`),
    enabled: Boolean(wallet),
  });
}
