import { Space, Tag } from 'antd';
import type { WithdrawalPayout } from '@stakedesk/shared/api-types';
import type { SolanaCluster } from '@stakedesk/shared/format';
import { TxLink } from '../components/TxLink.js';
import { useAdminI18n } from '../i18n.js';

/** A pending withdrawal's latest payout: on its way (nothing else may pay it), or how the last one ended. */
export function PayoutState({ payout, cluster }: { payout: WithdrawalPayout | null; cluster: SolanaCluster | undefined }) {
  const { t } = useAdminI18n();
  if (!payout || payout.status === 'completed') return null;
  // Not antd's "processing": its accent text on the dark panel is 2.7:1 (axe: serious); blue passes, as Completed stakes show.
  if (payout.status === 'prepared') return <Tag color="blue">{t('payout.state.prepared')}</Tag>;
  const tag =
    payout.status === 'sent' ? (
      // Not antd's "processing": its accent text on the dark panel is 2.7:1 (axe: serious); blue passes, as Completed stakes show.
      <Tag color="blue">{t('payout.state.sent')}</Tag>
    ) : payout.status === 'failed' ? (
      <Tag color="error" className="admin-tag-wrap">
        {/* The server stores why a payout failed as English text (no code to translate it by). */}
        {t('payout.state.failed', { reason: payout.failureReason ?? '' })}
      </Tag>
    ) : (
      <Tag>{t('payout.state.expired')}</Tag>
    );
  return (
    <Space direction="vertical" size={2}>
      {tag}
      <TxLink txId={payout.signature} cluster={cluster} />
    </Space>
  );
}
