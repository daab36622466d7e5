import { Button, Space, Tag } from 'antd';
import type { AdminWithdrawal } from '@stakedesk/shared/api-types';
import { useAdminI18n, useLocalizeMessage } from '../i18n.js';
import { usePermission } from '../core/roles/use-permission.js';
import { useToast } from '../toast.js';
import { useApproveWithdrawal } from './api.js';

/**
 * Four eyes on a large withdrawal (DESIGN 17): who approved it, or that it waits for an approval,
 * with the button for an admin who may give it. The server refuses a payout by the approver.
 */
export function ApprovalState({ withdrawal }: { withdrawal: AdminWithdrawal }) {
  const { t } = useAdminI18n();
  const localize = useLocalizeMessage();
  const toast = useToast();
  const canApprove = usePermission('withdrawals.approve').allowed;
  const approve = useApproveWithdrawal({
    onSuccess: () => toast.success(t('withdrawals.approvedToast')),
    onError: (error) => toast.error(t('withdrawals.approveFailed'), localize(error)),
  });
  if (withdrawal.approvedBy) return <Tag color="green">{t('withdrawals.approvedBy', { name: withdrawal.approvedBy })}</Tag>;
  if (!withdrawal.approvalRequired) return null;
  return (
    <Space size={4} wrap>
      <Tag color="orange">{t('withdrawals.needsApproval')}</Tag>
      {canApprove && (
        <Button size="small" loading={approve.isPending} onClick={() => approve.mutate(withdrawal)}>
          {t('withdrawals.approve')}
        </Button>
      )}
    </Space>
  );
}
