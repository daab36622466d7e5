import { Alert, Button, Card, Statistic } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { compareDecimal } from '@stakedesk/shared/decimal';
import { shortenAddress } from '@stakedesk/shared/shorten';
import { useAdminSettings, useTreasury } from '../core/queries/queries.js';
import { chainCauseOf } from '../components/chain-cause.js';
import { useAdminFormat } from '../format.js';
import { useAdminI18n, useLocalizeMessage } from '../i18n.js';
import { useCoverageLabel } from './use-coverage-label.js';

/**
 * Can we pay everyone? The staking wallet's balance against what is owed, and what falls due soon.
 * `folded`: drawn inside the phone layout's fold, whose label already says its title.
 */
export function TreasuryCard({ folded = false }: { folded?: boolean }) {
  const { t } = useAdminI18n();
  const format = useAdminFormat();
  const localize = useLocalizeMessage();
  const { data: coverage, isLoading, isError, refetch, isFetching } = useTreasury();
  const { data: settings } = useAdminSettings();
  const coverageLabel = useCoverageLabel();
  const symbol = settings?.tokenSymbol ?? '';
  const amount = (value: string | null | undefined) => (value == null ? t('treasury.unknown') : format.tokens(value, symbol));
  const earlierWallets = (coverage?.wallets.length ?? 0) > 1;
  const otherTokens = coverage?.liabilitiesElsewhere.filter((owed) => owed.tokenContract !== settings?.tokenContract) ?? [];
  const figures = [
    earlierWallets
      ? { key: 'balance', title: t('treasury.heldBalance'), value: amount(coverage?.heldBalance) }
      : { key: 'balance', title: t('treasury.balance'), value: amount(coverage?.balance) },
    { key: 'liabilities', title: t('treasury.liabilities'), value: amount(coverage?.liabilities.total) },
    { key: 'due7', title: t('treasury.dueWithin', { days: format.count(7) }), value: amount(coverage?.dueWithin7Days) },
    { key: 'due30', title: t('treasury.dueWithin', { days: format.count(30) }), value: amount(coverage?.dueWithin30Days) },
    {
      key: 'ratio',
      title: t('treasury.coverage'),
      value: coverageLabel(coverage),
    },
  ];
  return (
    <Card
      title={folded ? undefined : t('treasury.title')}
      variant={folded ? 'borderless' : 'outlined'}
      size="small"
      aria-label={t('treasury.title')}
      role="region"
      extra={<Button icon={<ReloadOutlined />} loading={isFetching} onClick={() => void refetch()} aria-label={t('treasury.refresh')} />}
    >
      {isError && <Alert type="error" showIcon message={t('treasury.failed')} style={{ marginBottom: 8 }} />}
      {coverage?.covered === false && (
        <Alert
          type="warning"
          showIcon
          message={t('treasury.underCovered', { percent: format.exact(coverage.coveragePercent ?? '0') })}
          style={{ marginBottom: 8 }}
        />
      )}
      {coverage && compareDecimal(coverage.underReview, '0') > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('treasury.underReview', { amount: amount(coverage.underReview) })}
          style={{ marginBottom: 8 }}
        />
      )}
      {coverage && earlierWallets && (
        <Alert
          type="info"
          showIcon
          message={t('treasury.wallets', { count: format.count(coverage.wallets.length) })}
          description={
            <ul className="admin-plain-list">
              {coverage.wallets.map((wallet) => (
                <li key={wallet.stakingWallet} className="admin-break-anywhere">
                  {t(wallet.current ? 'treasury.walletCurrent' : 'treasury.walletEarlier', {
                    wallet: wallet.stakingWallet,
                    balance: amount(wallet.balance),
                    owed: amount(wallet.owed),
                  })}
                </li>
              ))}
            </ul>
          }
          style={{ marginBottom: 8 }}
        />
      )}
      {otherTokens.length > 0 && (
        <Alert
          type="warning"
          showIcon
          message={t('treasury.otherToken')}
          description={
            <ul className="admin-plain-list">
              {otherTokens.map((owed) => (
                <li key={`${owed.tokenContract}:${owed.stakingWallet}`} className="admin-break-anywhere">
                  {t('treasury.elsewhereItem', { amount: format.exact(owed.total), wallet: owed.stakingWallet, token: owed.tokenContract })}
                </li>
              ))}
            </ul>
          }
          style={{ marginBottom: 8 }}
        />
      )}
      {coverage?.balanceUnavailable &&
        (chainCauseOf(coverage.balanceUnavailableReason) === 'notConfigured' ? (
          <Alert type="info" showIcon message={t('treasury.balanceNotConfigured')} style={{ marginBottom: 8 }} />
        ) : (
          <Alert
            type="info"
            showIcon
            message={t('treasury.balanceUnknown')}
            description={coverage.balanceUnavailableReason ? localize(coverage.balanceUnavailableReason) : coverage.balanceUnavailable}
            style={{ marginBottom: 8 }}
          />
        ))}
      {/* Each figure as wide as its words: a long label (the staking wallet balance in Portuguese) on one line, not wrapped in a fixed column. */}
      <div className="admin-treasury-figures">
        {figures.map((figure) => (
          <Statistic
            key={figure.key}
            title={figure.title}
            value={figure.value}
            loading={isLoading}
            styles={{ content: { fontSize: 18 } }}
          />
        ))}
      </div>
      {coverage?.hotWallet && (
        <p className="admin-break-anywhere" style={{ marginTop: 8, marginBottom: 0 }}>
          {t(coverage.hotWallet.lastsDays === null ? 'treasury.hotWallet' : 'treasury.hotWalletLasts', {
            wallet: shortenAddress(coverage.hotWallet.address),
            balance: amount(coverage.hotWallet.balance),
            days: coverage.hotWallet.lastsDays === null ? '' : format.count(coverage.hotWallet.lastsDays),
          })}
        </p>
      )}
      {coverage && (
        <p className="muted" style={{ marginTop: 4, marginBottom: 0 }}>
          {t('treasury.breakdown', {
            principal: amount(coverage.liabilities.stakePrincipal),
            rewards: amount(coverage.liabilities.stakeRewards),
            pending: amount(coverage.liabilities.pendingWithdrawals),
          })}
        </p>
      )}
    </Card>
  );
}
