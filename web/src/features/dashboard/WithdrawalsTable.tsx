import type { Withdrawal } from '@stakedesk/shared/api-types';
import type { SolanaCluster } from '@stakedesk/shared/format';
import { EmptyState } from '../../components/EmptyState.js';
import { TableHead } from '../../components/TableHead.js';
import { useFormat } from '../../i18n/format.js';
import { useI18n } from '../../i18n/i18n-pages.js';
import { TxLink } from './TxLink.js';

export function WithdrawalsTable({ withdrawals, symbol, cluster }: { withdrawals: Withdrawal[]; symbol: string; cluster: SolanaCluster }) {
  const { t } = useI18n();
  const format = useFormat();
  if (withdrawals.length === 0) return <EmptyState message={t('dashboard.noWithdrawals')} />;
  return (
    <div className="table-wrap stacked">
      <table>
        <TableHead columns={['col.netAmount', 'col.requestDate', 'col.status', 'col.txid']} />
        <tbody>
          {withdrawals.map((withdrawal) => (
            <tr key={withdrawal.id}>
              <td data-label={t('col.netAmount')}>{format.tokens(withdrawal.finalAmount, symbol)}</td>
              <td data-label={t('col.requestDate')}>{format.dateTime(withdrawal.requestedAt)}</td>
              <td data-label={t('col.status')}>
                <span className={`status status-${withdrawal.status}`}>{t(`withdrawal.${withdrawal.status}`)}</span>
              </td>
              <td data-label={t('col.txid')}>
                <TxLink txId={withdrawal.txId} cluster={cluster} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
