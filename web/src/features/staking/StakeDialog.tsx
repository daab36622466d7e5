import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { notify, notifyRedirect } from '../../lib/notify.js';
import type { PublicSettings, Stake, StakingPlan } from '@stakedesk/shared/api-types';
import { STAKE_REDIRECT_MS } from '@stakedesk/shared/constants';
import { compareDecimal } from '@stakedesk/shared/decimal';
import { english, msg } from '@stakedesk/shared/i18n/catalogue';
import { shortenTxId } from '@stakedesk/shared/shorten';
import { restakeAmount } from '@stakedesk/shared/money';
import { Dialog } from '../../components/Dialog.js';
import { useI18n } from '../../i18n/i18n-pages.js';
import { useFormat } from '../../i18n/format.js';
import { useLocalizeError } from '../../i18n/localize-error.js';
import { useWallet } from '../wallet/wallet-context.js';
import { useDeposit, useRestake, useStakeableBalance } from './api.js';
import { DepositNotRecordedError } from './deposit.js';
import { sendAmountFor } from '../../lib/token/transfer-fee-figures.js';
import { feeTermsOf } from '../settings/api.js';
import { StakePreview } from './StakePreview.js';
import { ScanOffer, ScanToStake, useScanToStake } from './ScanToStake.js';
import { amountProblem } from './amount-problem.js';

const STAKED_TOAST = 'stake-successful';

/** New stake in `plan`, or (with `restaking`) a completed stake's principal + reward into `plan`. */
export function StakeDialog({
  plan,
  restaking,
  settings,
  onClose,
}: {
  plan: StakingPlan;
  restaking?: Stake;
  settings: PublicSettings;
  onClose: () => void;
}) {
  const { language, t } = useI18n();
  const format = useFormat();
  const localizeError = useLocalizeError();
  const { address } = useWallet();
  const navigate = useNavigate();
  const onDashboard = useLocation().pathname === '/dashboard';
  const [amount, setAmount] = useState('');
  // The last attempt's failure, kept in the dialog beside the amount once its toast has gone.
  const [failure, setFailure] = useState<string>();
  // A number still being typed is below the minimum on its way up: that one waits for blur or confirm.
  const [touched, setTouched] = useState(false);
  const symbol = settings.tokenSymbol;
  const balance = useStakeableBalance(restaking ? undefined : (address ?? undefined), settings.tokenContract);
  const wholeAmount = /^\d+$/.test(amount) ? amount : undefined;
  // A token with a transfer fee: the holder sends the stake plus the fee, so that the stake arrives whole (DESIGN 12).
  const fee = !restaking && settings.transferFee && settings.tokenDecimals !== null ? settings.transferFee : undefined;
  const terms = fee ? feeTermsOf(settings) : undefined;
  const send = fee && wholeAmount ? sendAmountFor(wholeAmount, settings.tokenDecimals!, fee) : wholeAmount;
  // Refused before any wallet prompt: more than the wallet holds can only fail on chain.
  const overBalance = !restaking && balance.data !== undefined && send !== undefined && compareDecimal(send, balance.data) > 0;
  const problem = restaking ? undefined : amountProblem(amount, plan);
  const shownProblem = problem && (problem.key !== 'stakeField.belowMinimum' || touched) ? problem : undefined;
  const refused = Boolean(problem) || overBalance;
  const describedBy =
    [shownProblem && 'amount-problem', terms && 'fee-note', overBalance && 'over-balance'].filter(Boolean).join(' ') || undefined;

  const close = () => {
    setAmount('');
    setTouched(false);
    setFailure(undefined);
    onClose();
  };

  const stake = useDeposit({
    onSuccess: () => {
      close();
      // Already on the dashboard, the new stake shows in Active Stakes: no redirect to announce, and
      // the toast leaves as soon as it would have after one (it covers the header of a phone).
      if (onDashboard) return notifyRedirect(t('toast.stakeSuccessful'), t('toast.stakeSuccessfulHere'), STAKED_TOAST, STAKE_REDIRECT_MS);
      notifyRedirect(t('toast.stakeSuccessful'), t('toast.stakeSuccessfulText'), STAKED_TOAST, STAKE_REDIRECT_MS);
      setTimeout(() => navigate('/dashboard'), STAKE_REDIRECT_MS);
    },
    onError: (error) => {
      if (error instanceof DepositNotRecordedError) {
        notify('error', t('toast.depositPending'), t('toast.depositPendingText', { tx: shortenTxId(error.txId) }));
        return;
      }
      const reason = localizeError(error) || t('toast.stakeFailedDefault');
      setFailure(reason);
      notify('error', t('toast.stakeFailed'), reason);
    },
  });

  const restake = useRestake({
    onSuccess: () => {
      notify('success', t('toast.restakeSuccessful'), t('toast.restakeSuccessfulText'));
      close();
    },
    onError: (error) => notify('error', t('toast.restakeFailed'), localizeError(error)),
  });

  // Scan to stake: where this browser has no wallet, a QR code any wallet app can pay (ScanToStake.tsx).
  const scan = useScanToStake(plan, Boolean(restaking));

  const pending = stake.isPending || restake.isPending || scan.pending;

  function confirm() {
    if (!address && !scan.offered) {
      notify('error', t('toast.walletError'), t('toast.walletErrorText'));
      return;
    }
    if (restaking) {
      restake.mutate({ originalStakeId: restaking.id, planId: plan.id });
      return;
    }
    setTouched(true);
    if (!/^\d+$/.test(amount) || compareDecimal(amount, plan.minStakeAmount) < 0) {
      const minimum = msg('minimumStake', { min: plan.minStakeAmount, symbol });
      notify('error', t('toast.invalidAmount'), language === 'en' ? english(minimum) : localizeError(minimum));
      return;
    }
    if (refused) return;
    setFailure(undefined);
    if (scan.offered) return scan.start(amount);
    stake.mutate({ planId: plan.id, amount });
  }

  const title = restaking ? t('dialog.restakeTitle', { plan: plan.name }) : t('dialog.stakeTitle', { plan: plan.name });
  const restaked = restaking ? restakeAmount(restaking.amount, restaking.plan.yieldRate) : undefined;
  if (scan.code) {
    return (
      <Dialog open title={title} onClose={close}>
        <ScanToStake
          code={scan.code}
          plan={plan}
          symbol={symbol}
          renewing={scan.pending}
          onNewCode={() => scan.start(scan.code!.amount)}
          onBack={scan.back}
          onClose={close}
        />
      </Dialog>
    );
  }
  return (
    <Dialog open title={title} onClose={close}>
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          confirm();
        }}
        noValidate
      >
        {restaked ? (
          <p>{t('dialog.restakeAmount', { amount: format.amount(restaked, 0), symbol })}</p>
        ) : (
          <label className="field">
            <span>{t('dialog.amount', { symbol })}</span>
            <input
              type="number"
              inputMode="numeric"
              min={plan.minStakeAmount}
              step={1}
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              onBlur={() => setTouched(true)}
              aria-invalid={Boolean(shownProblem) || overBalance || undefined}
              aria-describedby={describedBy}
              autoFocus
            />
            <small className="muted">{t('dialog.minimum', { min: plan.minStakeAmount, symbol })}</small>
            {shownProblem && (
              <small id="amount-problem" className="warning" role="alert">
                {t(shownProblem.key, { ...shownProblem, symbol })}
              </small>
            )}
            {overBalance && (
              <small id="over-balance" className="warning" role="alert">
                {fee
                  ? t('dialog.overBalanceWithFee', { send: format.exact(send!), balance: format.exact(balance.data!), symbol })
                  : t('dialog.overBalance', { balance: format.exact(balance.data!), symbol })}
              </small>
            )}
          </label>
        )}
        {terms && (
          // Before the wallet opens, in words and numbers: what leaves the wallet, and what is staked.
          <p id="fee-note" className="fee-note" data-testid="fee-note" aria-live="polite">
            {wholeAmount
              ? t('dialog.sendWithFee', {
                  send: format.exact(send!),
                  amount: format.amount(wholeAmount, 0),
                  rate: format.exact(terms.percent),
                  symbol,
                })
              : t('dialog.feeNotice', { rate: format.exact(terms.percent), maximum: format.exact(terms.maximum), symbol })}
          </p>
        )}
        <StakePreview
          amount={restaked ?? (refused ? '' : amount)}
          plan={plan}
          settings={settings}
          balance={restaking || scan.offered ? undefined : { status: balance.status, balance: balance.data, error: balance.error }}
        />
        <p className="muted small-print">{t('stakeField.rounding')}</p>
        {scan.offered && <ScanOffer />}
        {failure && (
          <p className="warning stake-failure" data-testid="stake-failure">
            {t('dialog.stakeFailedHere', { reason: failure })}
          </p>
        )}
        <p className="custody-note">
          {language === 'en' ? english(msg('stakeCustody')) : localizeError(msg('stakeCustody'))}{' '}
          <a href="/documentation" target="_blank" rel="noopener">
            {t('stakeField.custodyLink')}
          </a>
        </p>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={close}>
            {t('dialog.cancel')}
          </button>
          <button type="submit" className="button primary" disabled={pending || overBalance || (!restaking && amount === '')}>
            {pending ? t('dialog.processing') : restaking ? t('dialog.confirmRestake') : scan.confirmText}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
