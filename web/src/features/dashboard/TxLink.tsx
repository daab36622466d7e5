import { explorerTxUrl, type SolanaCluster } from '@stakedesk/shared/format';
import { shortenTxId } from '@stakedesk/shared/shorten';
import { isRestakeTxId } from '@stakedesk/shared/stake-status';
import { useI18n } from '../../i18n/i18n-pages.js';

/** An explorer link with the first and last 8 characters; 'No TXID'; or RESTAKE for restakes. */
export function TxLink({ txId, cluster }: { txId: string | null; cluster: SolanaCluster }) {
  const { t } = useI18n();
  if (!txId) return <span className="muted">{t('stake.noTxid')}</span>;
  if (isRestakeTxId(txId)) {
    return (
      <span>
        <strong>{t('stake.restakeTx')}</strong> <small className="muted">{t('stake.noChainTx')}</small>
      </span>
    );
  }
  return (
    <a href={explorerTxUrl(txId, cluster)} target="_blank" rel="noopener noreferrer" title={txId}>
      {shortenTxId(txId)}
    </a>
  );
}
