import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { shortenAddress } from '@stakedesk/shared/shorten';
import { useAdminI18n } from '../i18n.js';
import { usePanelCopy } from './use-panel-copy.js';

/** What the panel copies this way, and its words. */
const WORDS = {
  address: { label: 'copy.label', success: 'copy.success', successText: 'copy.successText' },
  root: { label: 'copy.root.label', success: 'copy.root.success', successText: 'copy.root.successText' },
} as const;

/** A wallet address (or a snapshot's root) shown shortened; a click copies the whole of it. */
export function CopyAddress({ address, what = 'address' }: { address: string; what?: keyof typeof WORDS }) {
  const words = WORDS[what];
  const { t } = useAdminI18n();
  const [copied, copyText] = usePanelCopy();
  const copy = () => copyText(address, t(words.success), t(words.successText));

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
