import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Stake, StakingPlan } from '@stakedesk/shared/api-types';
import { formatAmount } from '@stakedesk/shared/format';
import { MOST_POPULAR_PLAN_INDEX } from '@stakedesk/shared/constants';
import { stakingDestination } from '@stakedesk/shared/staking-open';
import { usePageTitle } from '../../components/use-page-title.js';
import { usePageDescription } from '../../components/use-page-description.js';
import { useI18n } from '../../i18n/i18n.js';
import { usePlans } from '../plans/api.js';
import { PlanCard } from '../plans/PlanCard.js';
import { useSettings } from '../settings/api.js';
import { StakeDialog } from '../staking/StakeDialog.js';
import { UnstakeDialog } from '../staking/UnstakeDialog.js';
import { useWallet } from '../wallet/wallet-context.js';
import { useStakeGroup, useStakeSummary, useWithdrawalPages } from './api.js';
import { ShowMore } from './ShowMore.js';
import { ActiveStakesTable, CompletedStakesTable, HistoricalStakesTable } from './StakeTables.js';
import { StatementButton } from './StatementButton.js';
import { useRetryPendingDeposits } from './use-retry-pending-deposits.js';
import { WithdrawalsTable } from './WithdrawalsTable.js';

export function DashboardPage() {
  const { t } = useI18n();
  const { data: settings } = useSettings();
  const { address, status } = useWallet();
  const { data: plans = [] } = usePlans();
  // The cards from the server's summary; each table a page at a time, the ones the summary says are empty not asked for.
  const { data: summary } = useStakeSummary(address);
  const running = useStakeGroup(address, 'running');
  const completed = useStakeGroup(address, 'complete', (summary?.stakes.complete ?? 0) > 0);
  const finalized = useStakeGroup(address, 'finished', (summary?.stakes.finished ?? 0) > 0);
  const withdrawals = useWithdrawalPages(address);
  const [staking, setStaking] = useState<{ plan: StakingPlan; restaking?: Stake }>();
  const [unstaking, setUnstaking] = useState<Stake>();
  useRetryPendingDeposits(address);
  usePageTitle(t('title.dashboard'), settings?.tokenName);
  usePageDescription(t('meta.dashboard', { token: settings?.tokenName ?? '' }));

  // Without a wallet the route shows the ConnectCard instead (DashboardRoute.tsx).
  if (status !== 'connected' || !address || !settings) return <main aria-busy="true" />;

  // A restake goes into the stake's own plan (today's terms); the server refuses if it closed.
  const restakePlan = (stake: Stake): StakingPlan =>
    plans.find((p) => p.id === stake.plan.id) ?? {
      ...stake.plan,
      isActive: false,
      createdAt: stake.createdAt,
      maxTotalStaked: null,
      maxPerWallet: null,
      remainingCapacity: null,
    };
  const symbol = settings.tokenSymbol;
  const open = stakingDestination(settings) !== undefined;
  const cluster = settings.solanaCluster;
  const cards = [
    [t('dashboard.totalStaked'), `${formatAmount(summary?.totalStaked ?? '0', 0)} ${symbol}`],
    [t('dashboard.totalRewards'), `${formatAmount(summary?.totalRewards ?? '0', 0)} ${symbol}`],
    [t('dashboard.activeStakes'), String(summary?.stakes.running ?? 0)],
    [t('dashboard.pendingWithdrawals'), String(summary?.pendingWithdrawals ?? 0)],
  ];
  const hasRecords = summary ? Object.values(summary.stakes).some((count) => count > 0) : false;

  return (
    <main className="dashboard">
      <div className="dashboard-heading">
        <h1>{t('title.dashboard')}</h1>
        <StatementButton wallet={address} hasRecords={hasRecords} />
      </div>
      <section className="summary-cards">
        {cards.map(([label, value]) => (
          <div key={label} className="card">
            <span className="muted">{label}</span>
            <strong>{value}</strong>
          </div>
        ))}
      </section>

      <section id="new-stake" aria-labelledby="new-stake-title">
        <h2 id="new-stake-title">{t('dashboard.newStake')}</h2>
        {!open && (
          <p className="note" role="status">
            {t('plans.closed')}
          </p>
        )}
        <div className={plans.length === 1 ? 'plan-grid single' : 'plan-grid'}>
          {plans.map((plan, index) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              popular={index === MOST_POPULAR_PLAN_INDEX}
              symbol={symbol}
              buttonLabel={open ? t('plans.stakeNow') : undefined}
              onStake={() => setStaking({ plan })}
            />
          ))}
        </div>
      </section>

      <section aria-labelledby="active-title">
        <h2 id="active-title">{t('dashboard.activeStakes')}</h2>
        {running.isPending ? null : <ActiveStakesTable stakes={running.rows} symbol={symbol} cluster={cluster} onUnstake={setUnstaking} />}
        <ShowMore list={running} />
      </section>

      {completed.rows.length > 0 && (
        <section aria-labelledby="completed-title">
          <h2 id="completed-title">{t('dashboard.completedStakes')}</h2>
          <CompletedStakesTable
            stakes={completed.rows}
            symbol={symbol}
            cluster={cluster}
            onRestake={(stake) => setStaking({ plan: restakePlan(stake), restaking: stake })}
            onWithdraw={setUnstaking}
          />
          <ShowMore list={completed} />
        </section>
      )}

      <section aria-labelledby="withdrawals-title">
        <h2 id="withdrawals-title">{t('dashboard.withdrawalRequests')}</h2>
        {withdrawals.isPending ? null : <WithdrawalsTable withdrawals={withdrawals.rows} symbol={symbol} cluster={cluster} />}
        <ShowMore list={withdrawals} />
      </section>

      {finalized.rows.length > 0 && (
        <section aria-labelledby="history-title">
          <h2 id="history-title">{t('dashboard.historicalStakes')}</h2>
          <HistoricalStakesTable stakes={finalized.rows} symbol={symbol} cluster={cluster} />
          <ShowMore list={finalized} />
        </section>
      )}

      <p className="back-home">
        <Link to="/">{t('nav.backHome')}</Link>
      </p>

      {staking && open && (
        <StakeDialog plan={staking.plan} restaking={staking.restaking} settings={settings} onClose={() => setStaking(undefined)} />
      )}
      {unstaking && <UnstakeDialog stake={unstaking} symbol={symbol} onClose={() => setUnstaking(undefined)} />}
    </main>
  );
}
