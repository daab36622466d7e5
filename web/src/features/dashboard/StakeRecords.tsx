import type { Stake } from '@stakedesk/shared/api-types';
import type { SolanaCluster } from '@stakedesk/shared/format';
import { activeStakeCount } from '@stakedesk/shared/stake-status';
import { LoadError } from '../../components/LoadError.js';
import { useFormat } from '../../i18n/format.js';
import { useI18n } from '../../i18n/i18n-pages.js';
import { SummarySkeleton, TableSkeleton } from './DashboardSkeleton.js';
import { useStakeGroup, useStakeSummary, useWithdrawalPages } from './api.js';
import { ShowMore } from './ShowMore.js';
import { ActiveStakesTable, CompletedStakesTable, HistoricalStakesTable } from './StakeTables.js';
import { WithdrawalsTable } from './WithdrawalsTable.js';

/** A wallet's four cards, from the server's summary (public, like the lists). */
export function SummaryCards({ wallet, symbol }: { wallet: string; symbol: string }) {
  const { t } = useI18n();
  const format = useFormat();
  const { data: summary, isPending, isError, error, refetch } = useStakeSummary(wallet);
  if (isError) return <LoadError message={t('states.dashboardFailed')} error={error} onRetry={() => void refetch()} />;
  if (isPending) return <SummarySkeleton />;
  const cards = [
    [t('dashboard.totalStaked'), format.tokens(summary.totalStaked, symbol)],
    [t('dashboard.totalRewards'), format.tokens(summary.totalRewards, symbol)],
    [t('dashboard.activeStakes'), format.amount(activeStakeCount(summary), 0)],
    [t('dashboard.pendingWithdrawals'), format.amount(summary.pendingWithdrawals, 0)],
  ];
  return (
    <section className="summary-cards">
      {cards.map(([label, value]) => (
        <div key={label} className="card">
          <span className="muted">{label}</span>
          <strong>{value}</strong>
        </div>
      ))}
    </section>
  );
}

/** What the connected wallet can do to its stakes; each needs that wallet's session. */
export type StakeActions = {
  onUnstake: (stake: Stake) => void;
  onRestake: (stake: Stake) => void;
  onWithdraw: (stake: Stake) => void;
};

/**
 * A wallet's tables: Active, Completed (if any), Withdrawal Requests, Historical (if any), each a
 * page at a time; the ones the summary says are empty are not asked for. Without `actions` (a view
 * of a wallet that is not connected) they show the same rows with no buttons to act on them.
 */
export function StakeRecords({
  wallet,
  symbol,
  cluster,
  actions,
}: {
  wallet: string;
  symbol: string;
  cluster: SolanaCluster;
  actions?: StakeActions;
}) {
  const { t } = useI18n();
  const { data: summary } = useStakeSummary(wallet);
  const running = useStakeGroup(wallet, 'running');
  const completed = useStakeGroup(wallet, 'complete', (summary?.stakes.complete ?? 0) > 0);
  const finalized = useStakeGroup(wallet, 'finished', (summary?.stakes.finished ?? 0) > 0);
  const withdrawals = useWithdrawalPages(wallet);
  return (
    <>
      <section aria-labelledby="active-title">
        <h2 id="active-title">{t('dashboard.activeStakes')}</h2>
        {running.isError && !running.data ? (
          <LoadError message={t('states.dashboardFailed')} error={running.error} onRetry={() => void running.refetch()} />
        ) : running.isPending ? (
          <TableSkeleton />
        ) : (
          <ActiveStakesTable stakes={running.rows} symbol={symbol} cluster={cluster} onUnstake={actions?.onUnstake} />
        )}
        <ShowMore list={running} />
      </section>

      {completed.rows.length > 0 && (
        <section aria-labelledby="completed-title">
          <h2 id="completed-title">{t('dashboard.completedStakes')}</h2>
          <CompletedStakesTable stakes={completed.rows} symbol={symbol} cluster={cluster} actions={actions} />
          <ShowMore list={completed} />
        </section>
      )}

      <section aria-labelledby="withdrawals-title">
        <h2 id="withdrawals-title">{t('dashboard.withdrawalRequests')}</h2>
        {withdrawals.isError && !withdrawals.data ? (
          <LoadError message={t('states.dashboardFailed')} error={withdrawals.error} onRetry={() => void withdrawals.refetch()} />
        ) : withdrawals.isPending ? (
          <TableSkeleton />
        ) : (
          <WithdrawalsTable withdrawals={withdrawals.rows} symbol={symbol} cluster={cluster} />
        )}
        <ShowMore list={withdrawals} />
      </section>

      {finalized.rows.length > 0 && (
        <section aria-labelledby="history-title">
          <h2 id="history-title">{t('dashboard.historicalStakes')}</h2>
          <HistoricalStakesTable stakes={finalized.rows} symbol={symbol} cluster={cluster} />
          <ShowMore list={finalized} />
        </section>
      )}
    </>
  );
}
