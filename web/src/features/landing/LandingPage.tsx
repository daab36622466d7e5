import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { StakingPlan } from '@stakedesk/shared/api-types';
import { MOST_POPULAR_PLAN_INDEX } from '@stakedesk/shared/constants';
import { stakingDestination } from '@stakedesk/shared/staking-open';
import { usePageTitle } from '../../components/use-page-title.js';
import { usePageDescription } from '../../components/use-page-description.js';
import { useFormat } from '../../i18n/format.js';
import { useI18n } from '../../i18n/i18n.js';
import { holdersText } from '../../i18n/plural.js';
import { usePlans } from '../plans/api.js';
import { PlanCard } from '../plans/PlanCard.js';
import { feeTermsOf, useSettings } from '../settings/api.js';
import { useStats } from '../stats/api.js';
import { AnimatedCounter } from '../stats/AnimatedCounter.js';
import { useWallet } from '../wallet/wallet-context.js';
import { EmptyState } from '../../components/EmptyState.js';
import { LoadError } from '../../components/LoadError.js';
import { LoadBoundary } from '../../components/LoadBoundary.js';
import { LandingSkeleton } from './LandingSkeleton.js';
import { PLANS_ANCHOR } from './plans-anchor.js';

// The dialog (and the transfer code behind it) loads when a holder picks a plan.
const StakeDialog = lazy(() => import('../staking/StakeDialog.js').then((m) => ({ default: m.StakeDialog })));

export function LandingPage() {
  const { language, t } = useI18n();
  const format = useFormat();
  const { data: settings, isPending: settingsPending } = useSettings();
  const { data: plans, isPending: plansPending, isError: plansFailed, error: plansError, refetch: refetchPlans } = usePlans();
  const { data: stats, isError: statsFailed, error: statsError, refetch: refetchStats } = useStats();
  const { status, connect, hasWallet } = useWallet();
  const [staking, setStaking] = useState<StakingPlan>();
  const { hash } = useLocation();
  const loading = settingsPending || plansPending;
  // /#plans scrolls to the plans once they show (the page is a skeleton until then).
  useEffect(() => {
    if (!loading && hash === `#${PLANS_ANCHOR}`) document.getElementById(PLANS_ANCHOR)?.scrollIntoView();
  }, [loading, hash]);
  usePageTitle(t('title.home'), settings?.tokenName);
  usePageDescription(t('meta.home', { token: settings?.tokenName ?? '' }));

  const connected = status === 'connected';
  async function onPlan(plan: StakingPlan) {
    if (connected) return setStaking(plan);
    // No wallet here (a phone's in-app browser, a desktop without an extension): the dialog offers
    // scan to stake, and the wallet's own site or in-app browser beside it.
    if (!(await hasWallet())) return setStaking(plan);
    try {
      if (await connect()) setStaking(plan);
    } catch (error) {
      console.warn('wallet connect failed', error); // a failed connect on this page is only logged
    }
  }

  // The page appears whole once the token's name and the plans are known: filled in piece by piece,
  // the title (wrapping to two lines) and the plan grid pushed everything below them (layout shift).
  if (loading) return <LandingSkeleton />;

  const staked = Number(stats?.totalStaked ?? 0) + Number(settings?.statsOffsetStaked ?? 0);
  const stakers = (stats?.totalStakers ?? 0) + (settings?.statsOffsetStakers ?? 0);
  const list = plans ?? [];
  // Closed until the operator sets the token and the staking wallet: the terms show, no stake button.
  const open = settings !== undefined && stakingDestination(settings) !== undefined;
  const fee = feeTermsOf(settings);
  return (
    <main>
      <section className="hero">
        <h1>{t('hero.title', { token: settings?.tokenName ?? '' })}</h1>
        <p>{t('hero.pitch')}</p>
        {statsFailed ? (
          <LoadError message={t('states.statsFailed')} error={statsError} onRetry={() => void refetchStats()} />
        ) : (
          <div className="counters">
            <div>
              <AnimatedCounter
                target={stats && settings ? staked : 0}
                loadingText={t('stats.loading')}
                show={(count) => format.tokens(count, settings?.tokenSymbol ?? '')}
              />
              <span>{t('stats.totalStaked')}</span>
            </div>
            <div>
              <AnimatedCounter
                target={stats && settings ? stakers : 0}
                loadingText={t('stats.loading')}
                show={(count) => holdersText(t, language, format.amount(count, 0), count)}
              />
              <span>{t('stats.activeStakers')}</span>
            </div>
          </div>
        )}
      </section>
      <section id={PLANS_ANCHOR} aria-labelledby="plans-title">
        <h2 id="plans-title">{t('plans.title')}</h2>
        {plansFailed && <LoadError message={t('states.plansFailed')} error={plansError} onRetry={() => void refetchPlans()} />}
        {plans && list.length === 0 && <EmptyState message={t('plans.empty')} />}
        {settings && !open && (
          <p className="note" role="status">
            {t('plans.closed')}
          </p>
        )}
        <div className={list.length === 1 ? 'plan-grid single' : 'plan-grid'}>
          {list.map((plan, index) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              popular={index === MOST_POPULAR_PLAN_INDEX}
              symbol={settings?.tokenSymbol ?? ''}
              fee={fee}
              buttonLabel={!open ? undefined : connected ? t('plans.stakeNow') : t('plans.connectAndStake')}
              onStake={() => void onPlan(plan)}
            />
          ))}
        </div>
      </section>
      {staking && settings && open && (
        <LoadBoundary placement="overlay">
          <Suspense fallback={null}>
            <StakeDialog plan={staking} settings={settings} onClose={() => setStaking(undefined)} />
          </Suspense>
        </LoadBoundary>
      )}
    </main>
  );
}
