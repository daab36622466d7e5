import type { PublicSettings, StakingPlan } from '@stakedesk/shared/api-types';
import { explorerAddressUrl } from '@stakedesk/shared/format';
import { stakeQuote } from '@stakedesk/shared/money';
import { shortenAddress } from '@stakedesk/shared/shorten';
import { stakeEndsAt } from '@stakedesk/shared/stake-status';
import { useI18n } from '../../i18n/i18n-pages.js';
import { useFormat } from '../../i18n/format.js';
import { useLocalizeError } from '../../i18n/localize-error.js';
import { useCopiedFlag } from '../../lib/use-copied-flag.js';

export type BalanceState = { status: 'pending' | 'error' | 'success'; balance?: string; error?: unknown };

/**
 * The deal before the wallet opens: the holder's balance, what the amount earns and returns and
 * when, what leaving early nets, and where the tokens go. The figures are the shared money rules
 * the server records the stake by; the unlock time is the end-date rule from now.
 */
export function StakePreview({
  amount,
  plan,
  settings,
  balance,
}: {
  /** Whole tokens, or '' / anything else while not a valid amount. */
  amount: string;
  plan: StakingPlan;
  settings: PublicSettings;
  /** Omitted for a restake: no tokens leave the wallet. */
  balance?: BalanceState;
}) {
  const { t } = useI18n();
  const localizeError = useLocalizeError();
  const format = useFormat();
  const symbol = settings.tokenSymbol;
  const show = (value: string) => format.tokens(value, symbol);
  const quote = /^\d+$/.test(amount) ? stakeQuote(amount, plan) : undefined;
  const unlocksAt = stakeEndsAt(new Date(), plan);

  return (
    <dl className="amounts stake-preview">
      {balance && (
        <>
          <dt>{t('dialog.balance')}</dt>
          <dd data-testid="balance">
            {balance.status === 'pending'
              ? t('dialog.balanceLoading')
              : balance.status === 'error'
                ? t('dialog.balanceUnavailable', { reason: localizeError(balance.error) })
                : `${format.exact(balance.balance!)} ${symbol}`}
          </dd>
        </>
      )}
      <dt>{t('dialog.reward')}</dt>
      <dd data-testid="reward">{quote ? show(quote.reward) : '—'}</dd>
      <dt>{t('dialog.totalReturn')}</dt>
      <dd data-testid="total">{quote ? show(quote.total) : '—'}</dd>
      <dt>{t('dialog.unlocks')}</dt>
      <dd data-testid="unlocks">{format.dateTime(unlocksAt)}</dd>
      <dt>{t('dialog.earlyNet')}</dt>
      <dd data-testid="early-net">
        {quote ? t('dialog.earlyNetValue', { amount: format.amount(quote.earlyNet, 0), symbol, rate: plan.earlyPenaltyRate }) : '—'}
      </dd>
      {balance && <Destination wallet={settings.stakingWallet} cluster={settings.solanaCluster} />}
    </dl>
  );
}

function Destination({ wallet, cluster }: { wallet: string; cluster: PublicSettings['solanaCluster'] }) {
  const { t } = useI18n();
  const [copied, markCopied] = useCopiedFlag();
  return (
    <>
      <dt>{t('server.fieldStakingWallet')}</dt>
      <dd className="destination">
        <code title={wallet} data-testid="destination">
          {shortenAddress(wallet)}
        </code>
        <button
          type="button"
          className="link-button"
          onClick={() => navigator.clipboard.writeText(wallet).then(markCopied, () => undefined)}
        >
          {copied ? t('dialog.copied') : t('dialog.copy')}
        </button>
        <a href={explorerAddressUrl(wallet, cluster)} target="_blank" rel="noopener noreferrer">
          {t('dialog.explorer')}
        </a>
      </dd>
    </>
  );
}
