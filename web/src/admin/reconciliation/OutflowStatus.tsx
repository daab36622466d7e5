import { Tag, Typography } from 'antd';
import type { TreasuryOutflow } from '@stakedesk/shared/api-types';
import { useAdminI18n } from '../i18n.js';

/**
 * Where an outflow stands: awaiting its explanation (the alert waits for a paste), unexplained
 * (the owner was alerted), or explained, and by what.
 */
export function OutflowStatus({ outflow }: { outflow: TreasuryOutflow }) {
  const { t } = useAdminI18n();
  if (outflow.status === 'unexplained')
    return outflow.alerted ? <Tag color="red">{t('outflows.unexplained')}</Tag> : <Tag color="orange">{t('outflows.awaiting')}</Tag>;
  const by = outflow.explainedBy;
  return (
    <>
      <Tag color="green">{t('outflows.explainedTag')}</Tag>
      <Typography.Text type="secondary" className="admin-block">
        {by?.kind === 'payout' && t('outflows.byPayout', { id: by.payoutId })}
        {by?.kind === 'pastedTxid' && t('outflows.byPaste', { ids: by.withdrawalIds.map((id) => `#${id}`).join(', ') })}
        {by?.kind === 'owner' && t('outflows.byOwner', { username: by.username, note: outflow.note ?? '' })}
      </Typography.Text>
    </>
  );
}
