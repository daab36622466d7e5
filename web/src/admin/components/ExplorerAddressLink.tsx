import { ExportOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { explorerAddressUrl, type SolanaCluster } from '@stakedesk/shared/format';
import { useAdminI18n } from '../i18n.js';
import { usePlatform } from '../platform.js';

/** An address's page on the explorer (opened outside the panel), as an icon beside its CopyAddress. */
export function ExplorerAddressLink({ address, cluster }: { address: string; cluster: SolanaCluster | undefined }) {
  const { t } = useAdminI18n();
  const platform = usePlatform();
  const url = explorerAddressUrl(address, cluster ?? 'mainnet-beta');
  const label = t('explorer.address', { address });
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        size="small"
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={label}
        icon={<ExportOutlined />}
        onClick={(event) => {
          event.preventDefault();
          platform.openExternal(url);
        }}
      />
    </Tooltip>
  );
}
