import { Space, Tag, Typography } from 'antd';
import type { AutoPayoutStatus } from '@stakedesk/shared/api-types';
import { useAdminI18n, useLocalizeMessage } from '../../i18n.js';

type Standing = 'running' | 'off' | 'stopped' | 'noSigner';

/** No signer means nothing can pay, whatever the policy says; otherwise the owner's switch, then the last round's stop reasons. */
export function standingOf(status: AutoPayoutStatus): Standing {
  if (status.hotWallet === null) return 'noSigner';
  if (!status.policy.enabled) return 'off';
  return status.running ? 'running' : 'stopped';
}

const LOOK = {
  running: { color: 'green', tag: 'autoPayouts.running', text: 'autoPayouts.runningText' },
  off: { color: undefined, tag: 'autoPayouts.off', text: 'autoPayouts.offText' },
  stopped: { color: 'error', tag: 'autoPayouts.stopped', text: 'autoPayouts.stoppedText' },
  noSigner: { color: 'orange', tag: 'autoPayouts.noSigner', text: 'autoPayouts.noSignerText' },
} as const;

/** Running, Off, Stopped with each reason as a sentence, or no signer configured: what an operator reads first. */
export function AutoPayoutStatusLine({ status }: { status: AutoPayoutStatus }) {
  const { t } = useAdminI18n();
  const localize = useLocalizeMessage();
  const standing = standingOf(status);
  const look = LOOK[standing];
  return (
    <div className="admin-auto-payout-status">
      <Space wrap size={8} align="center">
        <Tag color={look.color} className="admin-tag-wrap">
          {t(look.tag)}
        </Tag>
        <Typography.Text>{t(look.text)}</Typography.Text>
      </Space>
      {standing === 'stopped' && status.stoppedBy.length > 0 && (
        <ul className="admin-plain-list admin-auto-payout-reasons">
          {status.stoppedBy.map((reason) => (
            <li key={`${reason.code}:${JSON.stringify(reason.params ?? {})}`}>
              <Typography.Text type="danger">{localize(reason)}</Typography.Text>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
