import { Tag } from 'antd';
import type { Stake } from '@stakedesk/shared/api-types';
import { stakeBadge, type StakeBadge } from '@stakedesk/shared/stake-status';
import type { AdminMessageKey } from '../../i18n/admin-en.js';
import { useAdminI18n } from '../i18n.js';

const BADGES: Record<StakeBadge, { key: AdminMessageKey; color: string }> = {
  Active: { key: 'badge.active', color: 'green' },
  'Ending Soon': { key: 'badge.endingSoon', color: 'gold' },
  Expired: { key: 'badge.expired', color: 'volcano' },
  'Withdrawal Pending': { key: 'badge.withdrawalPending', color: 'orange' },
  Completed: { key: 'badge.completed', color: 'blue' },
  Withdrawn: { key: 'badge.withdrawn', color: 'default' },
};

/** The stake's badge (stakeBadge: an active stake past its end reads Expired). */
export function StakeStatusTag({ stake }: { stake: Stake }) {
  const { t } = useAdminI18n();
  const badge = BADGES[stakeBadge(stake)];
  return <Tag color={badge.color}>{t(badge.key)}</Tag>;
}
