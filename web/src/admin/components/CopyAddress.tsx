import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { shortenAddress } from '@stakedesk/shared/shorten';
import { useCopiedFlag } from '../../lib/use-copied-flag.js';
import { useAdminI18n } from '../i18n.js';
import { usePlatform } from '../platform.js';
import { useToast } from '../toast.js';

/** What the panel copies this way, and its words. */
const WORDS = {
  address: { label: 'copy.label', success: 'copy.success', successText: 'copy.successText' },
  root: { label: 'copy.root.label', success: 'copy.root.success', successText: 'copy.root.successText' },
} as const;

/** A wallet address (or a snapshot's root) shown shortened; a click copies the whole of it. */
export function CopyAddress({ address, what = 'address' }: { address: string; what?: keyof typeof WORDS }) {
  const words = WORDS[what];
  const { t } = useAdminI18n();
  const platform = usePlatform();
  const toast = useToast();
  const [copied, markCopied] = useCopiedFlag();

  async function copy() {
    try {
      await platform.copyText(address);
      markCopied();
      toast.success(t(words.success), t(words.successText));
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
        aria-label={t(words.label, { address })}
        icon={copied ? <CheckOutlined /> : <CopyOutlined />}
        iconPlacement="end"
      >
        {shortenAddress(address)}
      </Button>
    </Tooltip>
  );
}
