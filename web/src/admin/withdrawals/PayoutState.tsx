import { Space, Tag, Typography } from 'antd';
import type { WithdrawalPayout } from '@stakedesk/shared/api-types';
import type { SolanaCluster } from '@stakedesk/shared/format';
import { TxLink } from '../components/TxLink.js';
import { useAdminI18n } from '../i18n.js';
import { usePayoutReason } from './PayoutReason.js';
import { payoutStanding } from './payout-standing.js';

/**
 * A pending withdrawal's latest payout: waiting for the staking wallet's signature, on its way
 * (nothing else may pay it), how the last one ended, or under review with why (an owner resolves
 * it from the Actions column; anyone else reads here that an owner must).
 */
export function PayoutState({
  payout,
  cluster,
  ownerMayResolve,
}: {
  payout: WithdrawalPayout | null;
  cluster: SolanaCluster | undefined;
  /** The signed-in admin may resolve a payout under review (an owner). */
  ownerMayResolve: boolean;
}) {
  const { t } = useAdminI18n();
  const reasonOf = usePayoutReason();
  const standing = payoutStanding(payout);
  if (!payout || standing === 'none') return null;
  const link = <TxLink txId={payout.signature} cluster={cluster} />;
  switch (standing) {
    case 'prepared':
      // Not antd's "processing": its accent text on the dark panel is 2.7:1 (axe: serious); blue passes, as Completed stakes show.
      return <Tag color="blue">{t('payout.state.prepared')}</Tag>;
    case 'sent':
      return (
        <Space direction="vertical" size={2}>
          <Tag color="blue">{t('payout.state.sent')}</Tag>
          {link}
        </Space>
      );
    case 'review':
      return (
        <Space direction="vertical" size={4} className="admin-payout-review">
          <Tag color="error">{t('payout.state.needsReview')}</Tag>
          <Typography.Text type="danger" className="admin-address">
            {reasonOf(payout)}
          </Typography.Text>
          {link}
          {!ownerMayResolve && <Typography.Text type="secondary">{t('payout.state.ownerMustReview')}</Typography.Text>}
        </Space>
      );
    case 'released':
      return (
        <Space direction="vertical" size={2}>
          <Tag>{t('payout.state.released')}</Tag>
          {link}
        </Space>
      );
    case 'failed':
      return (
        <Space direction="vertical" size={2}>
          <Tag color="error" className="admin-tag-wrap">
            {t('payout.state.failed', { reason: reasonOf(payout) })}
          </Tag>
          {link}
        </Space>
      );
    case 'expired': {
      const reason = reasonOf(payout);
      return (
        <Space direction="vertical" size={2}>
          <Tag className="admin-tag-wrap">{t('payout.state.expired')}</Tag>
          {reason && <Typography.Text type="secondary">{reason}</Typography.Text>}
        </Space>
      );
    }
  }
}
