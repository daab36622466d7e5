import type { SolanaCluster } from '@stakedesk/shared/format';
import { LoadError } from '../../components/LoadError.js';
import { useI18n } from '../../i18n/i18n-pages.js';
import { useStakeGroup, useStakeSummary, useWithdrawalPages } from './api.js';
import { StakeRecords, SummaryCards, type StakeActions } from './StakeRecords.js';

/**
 * A wallet's cards and tables. When every one of their reads failed (the API is down), one sentence
 * and one retry that asks for all of them, not the same sentence in three boxes; when only some
 * failed, each box says so where it stands.
 */
export function WalletRecords({
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
  const reads = [useStakeSummary(wallet), useStakeGroup(wallet, 'running'), useWithdrawalPages(wallet)];
  if (reads.every((read) => read.isError && !read.data)) {
    return (
      <LoadError
        message={t('states.dashboardFailed')}
        error={reads[0]!.error}
        onRetry={() => reads.forEach((read) => void read.refetch())}
      />
    );
  }
  return (
    <>
      <SummaryCards wallet={wallet} symbol={symbol} />
      <StakeRecords wallet={wallet} symbol={symbol} cluster={cluster} actions={actions} />
    </>
  );
}
