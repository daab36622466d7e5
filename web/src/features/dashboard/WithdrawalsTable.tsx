import type { Withdrawal } from '@stakedesk/shared/api-types';
import type { SolanaCluster } from '@stakedesk/shared/format';
import { EmptyState } from '../../components/EmptyState.js';
import { TableHead } from '../../components/TableHead.js';
import { useFormat } from '../../i18n/format.js';
import { useI18n } from '../../i18n/i18n-pages.js';
import { TxLink } from './TxLink.js';

/**
 * A rejected request: the reason the operator gave, and where its stake went (DESIGN 2: back to
 * where it was, so an early unstake's stake runs on among the active ones, an ended one waits among
 * the completed ones to be withdrawn or restaked).
 */
function Rejection({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useI18n();
  return (
    <span className="rejection">
      {withdrawal.rejectReason && <span>{t('withdrawal.reason', { reason: withdrawal.rejectReason })} </span>}
      <span>{withdrawal.kind === 'early' ? t('withdrawal.backToActive') : t('withdrawal.backToCompleted')}</span>
    </span>
  );
}

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
                {withdrawal.status === 'rejected' && <Rejection withdrawal={withdrawal} />}
              </td>
              <td data-label={t('col.txid')}>
                {withdrawal.status === 'rejected' ? (
                  <span className="muted">{t('withdrawal.nothingSent')}</span>
                ) : (
                  <TxLink txId={withdrawal.txId} cluster={cluster} />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
