import type { StakingPlan } from '@stakedesk/shared/api-types';
import { inMinutes } from '@stakedesk/shared/plan-duration';
import { simpleAnnualRate } from '@stakedesk/shared/yield';
import { useFormat } from '../../i18n/format.js';
import { useI18n } from '../../i18n/i18n.js';
import { durationText } from '../../i18n/plural.js';

/** A plan's terms; the stake button only while staking is open (`buttonLabel` given). */
export function PlanCard({
  plan,
  popular,
  symbol,
  buttonLabel,
  onStake,
}: {
  plan: StakingPlan;
  popular: boolean;
  symbol: string;
  buttonLabel?: string;
  onStake: () => void;
}) {
  const { language, t } = useI18n();
  const format = useFormat();
  const duration = durationText(t, language, plan);
  return (
    <article className={popular ? 'plan-card popular' : 'plan-card'} aria-label={plan.name}>
      {popular && <span className="popular-badge">{t('plans.mostPopular')}</span>}
      <h3>{plan.name}</h3>
      {plan.description && <p className="muted">{plan.description}</p>}
      <p className="plan-yield">{t('plans.yieldFor', { rate: format.exact(plan.yieldRate), duration })}</p>
      {/* A year of a demo plan's minutes is no figure to compare with anything. */}
      {!inMinutes(plan) && (
        <p className="plan-yield-year">{t('plans.perYear', { rate: format.exact(simpleAnnualRate(plan.yieldRate, plan.durationDays)) })}</p>
      )}
      <p className="muted plan-yield-note">{t('plans.yieldNote')}</p>
      <dl>
        <dt>{t('plans.duration')}</dt>
        <dd>{duration}</dd>
        <dt>{t('plans.minimum')}</dt>
        <dd>
          {format.exact(plan.minStakeAmount)} {symbol}
        </dd>
        <dt>{t('plans.penalty')}</dt>
        <dd>{format.percent(plan.earlyPenaltyRate)}</dd>
        {plan.remainingCapacity !== null && (
          <>
            <dt>{t('plans.remaining')}</dt>
            <dd>{plan.remainingCapacity === '0' ? t('plans.full') : `${format.exact(plan.remainingCapacity)} ${symbol}`}</dd>
          </>
        )}
      </dl>
      {buttonLabel && (
        <button type="button" className="button primary" onClick={onStake}>
          {buttonLabel}
        </button>
      )}
    </article>
  );
}
