import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { FinishedStake, Stake, WalletSummary, Withdrawal } from '@stakedesk/shared/api-types';
import { DASHBOARD_PAGE_SIZE, WALLET_PAGE_LIMIT } from '@stakedesk/shared/constants';
import type { StakeGroup } from '@stakedesk/shared/stake-status';
import { apiResponse } from '../../lib/api-client.js';

/** Every key of a wallet's stakes (summary, each table's pages) starts with ofWallet, so one invalidation covers them. */
export const stakeKeys = {
  all: ['stakes'] as const,
  ofWallet: (wallet: string) => ['stakes', wallet] as const,
  summary: (wallet: string) => ['stakes', wallet, 'summary'] as const,
  group: (wallet: string, group: StakeGroup) => ['stakes', wallet, 'group', group] as const,
  records: (wallet: string) => ['stakes', wallet, 'records'] as const,
};
export const withdrawalKeys = {
  all: ['withdrawals'] as const,
  ofWallet: (wallet: string) => ['withdrawals', wallet] as const,
  pages: (wallet: string) => ['withdrawals', wallet, 'pages'] as const,
};

/** The dashboard's cards, and which of its tables have rows: one small answer, whatever the holder has. */
export function useStakeSummary(wallet: string | undefined) {
  return useQuery({
    queryKey: stakeKeys.summary(wallet ?? ''),
    queryFn: async () => (await apiResponse<WalletSummary>(`/api/stakes/${wallet}/summary`)).body,
    enabled: Boolean(wallet),
  });
}

/** A list read a page at a time, newest first: DASHBOARD_PAGE_SIZE rows, then the next page by X-Next-Cursor. */
function usePagedList<T>(queryKey: readonly unknown[], path: string | undefined) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: async ({ pageParam }) => {
      const separator = path!.includes('?') ? '&' : '?';
      const cursor = pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : '';
      const page = await apiResponse<T[]>(`${path}${separator}limit=${DASHBOARD_PAGE_SIZE}${cursor}`);
      return { rows: page.body, next: page.headers.get('x-next-cursor') };
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: Boolean(path),
  });
  return { ...query, rows: query.data?.pages.flatMap((page) => page.rows) ?? [] };
}

/** One dashboard table's stakes (stakeGroup), a page at a time. */
export function useStakeGroup<G extends StakeGroup>(wallet: string | undefined, group: G, enabled = true) {
  return usePagedList<G extends 'finished' ? FinishedStake : Stake>(
    stakeKeys.group(wallet ?? '', group),
    wallet && enabled ? `/api/stakes/${wallet}?group=${group}` : undefined,
  );
}

export function useWithdrawalPages(wallet: string | undefined) {
  return usePagedList<Withdrawal>(withdrawalKeys.pages(wallet ?? ''), wallet ? `/api/withdrawals/${wallet}` : undefined);
}

/** Every row of a holder's list (SPEC's GET without a page), for the statement: asked only when it is downloaded. */
async function wholeList<T>(path: string): Promise<T[]> {
  const rows: T[] = [];
  let cursor: string | null = null;
  do {
    const page: { body: T[]; headers: Headers } = await apiResponse<T[]>(
      `${path}?limit=${WALLET_PAGE_LIMIT}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    rows.push(...page.body);
    cursor = page.headers.get('x-next-cursor');
  } while (cursor);
  return rows;
}

export async function fetchWholeLists(wallet: string): Promise<{ stakes: Stake[]; withdrawals: Withdrawal[] }> {
  const [stakes, withdrawals] = await Promise.all([
    wholeList<Stake>(`/api/stakes/${wallet}`),
    wholeList<Withdrawal>(`/api/withdrawals/${wallet}`),
  ]);
  return { stakes, withdrawals };
}

/**
 * Every stake and withdrawal of the wallet, as the dashboard's tables list them: the holder's own
 * records, which the proof of reserves is compared with (asked again on every visit, like the proof).
 */
export function useWalletRecords(wallet: string | undefined) {
  return useQuery({
    queryKey: stakeKeys.records(wallet ?? ''),
    queryFn: () => fetchWholeLists(wallet!),
    enabled: Boolean(wallet),
    staleTime: 0,
  });
}
