import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Stake, StakingPlan } from '@stakedesk/shared/api-types';
import { MOST_POPULAR_PLAN_INDEX } from '@stakedesk/shared/constants';
import { stakingDestination } from '@stakedesk/shared/staking-open';
import { usePageTitle } from '../../components/use-page-title.js';
import { usePageDescription } from '../../components/use-page-description.js';
import { useI18n } from '../../i18n/i18n-pages.js';
import { usePlans } from '../plans/api.js';
import { PlanCard } from '../plans/PlanCard.js';
import { feeTermsOf, useSettings } from '../settings/api.js';
import { StakeDialog } from '../staking/StakeDialog.js';
import { UnstakeDialog } from '../staking/UnstakeDialog.js';
import { useWallet } from '../wallet/wallet-context.js';
import { useStakeSummary } from './api.js';
import { WalletRecords } from './WalletRecords.js';
import { StatementButton } from './StatementButton.js';
import { useRetryPendingDeposits } from './use-retry-pending-deposits.js';
import { DashboardSkeleton } from './DashboardSkeleton.js';
import { LoadError } from '../../components/LoadError.js';
import { ReservesBanner } from '../reserves/ReservesBanner.js';
import { ReservesLine } from '../reserves/ReservesLine.js';
import { useReservesCheck } from '../reserves/use-reserves-check.js';

export function DashboardPage() {
  const { t } = useI18n();
  const { data: settings, isError: settingsFailed, error: settingsError, refetch: refetchSettings } = useSettings();
  const { address, status } = useWallet();
  const { data: plans = [], isError: plansFailed, error: plansError, refetch: refetchPlans } = usePlans();
  // The summary says whether there is a statement to download; the cards and tables read it too (one query).
  const { data: summary } = useStakeSummary(address);
  const [staking, setStaking] = useState<{ plan: StakingPlan; restaking?: Stake }>();
  const [unstaking, setUnstaking] = useState<Stake>();
  useRetryPendingDeposits(address);
  // On every visit; a failure is the banner at the top, anything else the line under the title.
  const reserves = useReservesCheck(status === 'connected' ? address : undefined);
  usePageTitle(t('title.dashboard'), settings?.tokenName);
  usePageDescription(t('meta.dashboard', { token: settings?.tokenName ?? '' }));

  if (settingsFailed) {
    return (
      <main className="dashboard">
        <h1>{t('title.dashboard')}</h1>
        <LoadError message={t('states.dashboardFailed')} error={settingsError} onRetry={() => void refetchSettings()} />
      </main>
    );
  }
  // Without a wallet the route shows the ConnectCard instead (DashboardRoute.tsx).
  if (status !== 'connected' || !address || !settings) return <DashboardSkeleton />;

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
  const hasRecords = summary ? Object.values(summary.stakes).some((count) => count > 0) : false;

  return (
    <main className="dashboard">
      <ReservesBanner state={reserves} />
      <div className="dashboard-heading">
        <h1>{t('title.dashboard')}</h1>
        <StatementButton wallet={address} hasRecords={hasRecords} />
      </div>
      <ReservesLine state={reserves} symbol={symbol} cluster={cluster} />
      {/* The holder's own positions first (on a phone, above the fold); then a new stake. */}
      <WalletRecords
        wallet={address}
        symbol={symbol}
        cluster={cluster}
        actions={{
          onUnstake: setUnstaking,
          onRestake: (stake) => setStaking({ plan: restakePlan(stake), restaking: stake }),
          onWithdraw: setUnstaking,
        }}
      />

      <section id="new-stake" aria-labelledby="new-stake-title">
        <h2 id="new-stake-title">{t('dashboard.newStake')}</h2>
        {!open && (
          <p className="note" role="status">
            {t('plans.closed')}
          </p>
        )}
        {plansFailed && <LoadError message={t('states.plansFailed')} error={plansError} onRetry={() => void refetchPlans()} />}
        <div className={plans.length === 1 ? 'plan-grid single' : 'plan-grid'}>
          {plans.map((plan, index) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              popular={index === MOST_POPULAR_PLAN_INDEX}
              symbol={symbol}
              fee={feeTermsOf(settings)}
              buttonLabel={open ? t('plans.stakeNow') : undefined}
              onStake={() => setStaking({ plan })}
            />
          ))}
        </div>
      </section>

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
