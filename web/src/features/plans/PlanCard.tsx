import type { StakingPlan } from '@stakedesk/shared/api-types';
import type { TransferFeeTerms } from '@stakedesk/shared/transfer-fee-terms';
import { inMinutes } from '@stakedesk/shared/plan-duration';
import { simpleAnnualRate } from '@stakedesk/shared/yield';
import { useFormat } from '../../i18n/format.js';
import { useI18n } from '../../i18n/i18n.js';
import { durationText } from '../../i18n/plural.js';

/** A plan's terms, the token's transfer fee among them when it has one; the stake button only while staking is open (`buttonLabel` given). */
export function PlanCard({
  plan,
  popular,
  symbol,
  fee,
  buttonLabel,
  onStake,
}: {
  plan: StakingPlan;
  popular: boolean;
  symbol: string;
  fee?: TransferFeeTerms | null;
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
        {fee && (
          <>
            <dt>{t('plans.transferFee')}</dt>
            <dd>{t('plans.transferFeeValue', { percent: format.exact(fee.percent), maximum: format.exact(fee.maximum), symbol })}</dd>
          </>
        )}
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
