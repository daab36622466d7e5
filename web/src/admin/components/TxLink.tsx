import { Typography } from 'antd';
import { explorerTxUrl, type SolanaCluster } from '@stakedesk/shared/format';
import { shortenTxId } from '@stakedesk/shared/shorten';
import { isRestakeTxId } from '@stakedesk/shared/stake-status';
import { useAdminI18n } from '../i18n.js';
import { usePlatform } from '../platform.js';

/** A transaction id as an explorer link (opened outside the panel), RESTAKE for restakes, or 'No TXID'. */
export function TxLink({ txId, cluster }: { txId: string | null; cluster: SolanaCluster | undefined }) {
  const { t } = useAdminI18n();
  const platform = usePlatform();
  if (!txId) return <Typography.Text type="secondary">{t('tx.none')}</Typography.Text>;
  if (isRestakeTxId(txId)) return <Typography.Text strong>{t('tx.restake')}</Typography.Text>;
  const url = explorerTxUrl(txId, cluster ?? 'mainnet-beta');
  return (
    <a
      className="admin-mono"
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      title={txId}
      onClick={(event) => {
        event.preventDefault();
        platform.openExternal(url);
      }}
    >
      {shortenTxId(txId)}
    </a>
  );
}
