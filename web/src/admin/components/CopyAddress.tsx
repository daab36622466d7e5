import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { shortenAddress } from '@stakedesk/shared/shorten';
import { useCopiedFlag } from '../../lib/use-copied-flag.js';
import { useAdminI18n } from '../i18n.js';
import { usePlatform } from '../platform.js';
import { useToast } from '../toast.js';

/** A wallet address shown shortened; a click copies the whole address. */
export function CopyAddress({ address }: { address: string }) {
  const { t } = useAdminI18n();
  const platform = usePlatform();
  const toast = useToast();
  const [copied, markCopied] = useCopiedFlag();

  async function copy() {
    try {
      await platform.copyText(address);
      markCopied();
      toast.success(t('copy.success'), t('copy.successText'));
    } catch {
      toast.error(t('copy.failed'), t('copy.failedText'));
    }
  }

  return (
    <Tooltip title={address}>
      <Button
        type="text"
        size="small"
        className="admin-mono"
        onClick={copy}
        aria-label={t('copy.label', { address })}
        icon={copied ? <CheckOutlined /> : <CopyOutlined />}
        iconPlacement="end"
      >
        {shortenAddress(address)}
      </Button>
    </Tooltip>
  );
}
