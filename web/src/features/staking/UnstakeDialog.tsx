import { notify } from '../../lib/notify.js';
import type { Stake } from '@stakedesk/shared/api-types';
import { UNSTAKE_DIALOG_DECIMALS } from '@stakedesk/shared/constants';
import { withdrawalQuote } from '@stakedesk/shared/money';
import { Dialog } from '../../components/Dialog.js';
import { useFormat } from '../../i18n/format.js';
import { useI18n } from '../../i18n/i18n-pages.js';
import { useLocalizeError } from '../../i18n/localize-error.js';
import { useRequestWithdrawal } from './api.js';

/** Early unstake (penalty, rewards forfeited) or full withdrawal (principal + reward), as the server will compute it. */
export function UnstakeDialog({ stake, symbol, onClose }: { stake: Stake; symbol: string; onClose: () => void }) {
  const { t } = useI18n();
  const format = useFormat();
  const localizeError = useLocalizeError();
  const quote = withdrawalQuote(stake);
  const early = quote.kind === 'early';
  const show = (value: string) => `${format.amount(value, UNSTAKE_DIALOG_DECIMALS)} ${symbol}`;

  const request = useRequestWithdrawal({
    onSuccess: () => {
      notify('success', t('toast.unstakeSubmitted'), t('toast.unstakeSubmittedText'));
      onClose();
    },
    onError: (error) => notify('error', t('toast.unstakeFailed'), localizeError(error)),
  });
  const figures = { stakeId: stake.id, amount: quote.amount, finalAmount: quote.finalAmount, penaltyAmount: quote.penaltyAmount };

  return (
    <Dialog open title={early ? t('dialog.unstakeTitle') : t('dialog.withdrawTitle')} onClose={onClose}>
      <dl className="amounts">
        <dt>{t('dialog.principal')}</dt>
        <dd>{show(quote.amount)}</dd>
        {early ? (
          <>
            <dt>{t('dialog.penalty')}</dt>
            <dd className="negative">-{show(quote.penaltyAmount)}</dd>
          </>
        ) : (
          <>
            <dt>{t('dialog.reward')}</dt>
            <dd>{show(quote.rewardAmount)}</dd>
          </>
        )}
        <dt>{t('dialog.youReceive')}</dt>
        <dd data-testid="final-amount">{show(quote.finalAmount)}</dd>
      </dl>
      <p className={early ? 'warning' : 'note'} role={early ? 'alert' : undefined}>
        {early ? t('dialog.earlyWarning') : t('dialog.completedNote')}
      </p>
      <p className="muted">{t('dialog.manualNote')}</p>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          {t('dialog.cancel')}
        </button>
        <button type="button" className="button primary" disabled={request.isPending} onClick={() => request.mutate(figures)}>
          {request.isPending ? t('dialog.processing') : early ? t('dialog.confirmUnstake') : t('dialog.confirmWithdraw')}
        </button>
      </div>
    </Dialog>
  );
}
