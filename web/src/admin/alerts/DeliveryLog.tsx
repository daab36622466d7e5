import { Drawer, Table, Tag, type TableColumnsType } from 'antd';
import type { AdminWebhook, WebhookDelivery, WebhookDeliveryStatus } from '@stakedesk/shared/api-types';
import { formatDateTime } from '@stakedesk/shared/format';
import type { AdminMessageKey } from '../../i18n/admin-en.js';
import { useAdminI18n } from '../i18n.js';
import { useWebhookDeliveries } from './api.js';
import { deliveryAnswer } from './delivery-answer.js';

const STATUS_COLOR: Record<WebhookDeliveryStatus, string> = { pending: 'default', delivered: 'green', retrying: 'orange', failed: 'red' };

/** The receiver's last answer: its HTTP status, or why none came. */
export function useAnswerText() {
  const { t, language } = useAdminI18n();
  return (delivery: WebhookDelivery) => deliveryAnswer(t, delivery, language);
}

/** A webhook's latest deliveries: which event, how it went, how many attempts, the last answer. */
export function DeliveryLog({ webhook, onClose }: { webhook: AdminWebhook | null; onClose: () => void }) {
  const { t } = useAdminI18n();
  const answer = useAnswerText();
  const { data, isLoading } = useWebhookDeliveries(webhook?.id ?? null);
  const columns: TableColumnsType<WebhookDelivery> = [
    {
      title: t('alerts.log.event'),
      dataIndex: 'event',
      key: 'event',
      render: (event: string) => t(`alerts.event.${event}` as AdminMessageKey),
    },
    {
      title: t('alerts.log.status'),
      dataIndex: 'status',
      key: 'status',
      render: (status: WebhookDeliveryStatus) => <Tag color={STATUS_COLOR[status]}>{t(`alerts.status.${status}`)}</Tag>,
    },
    { title: t('alerts.log.attempts'), dataIndex: 'attempts', key: 'attempts', align: 'right' },
    {
      title: t('alerts.log.answer'),
      key: 'answer',
      className: 'admin-nowrap',
      render: (_value, delivery) => (delivery.attempts > 0 ? answer(delivery) : ''),
    },
    { title: t('alerts.log.time'), dataIndex: 'createdAt', key: 'createdAt', render: (date: string) => formatDateTime(date) },
  ];
  return (
    <Drawer open={webhook !== null} onClose={onClose} title={t('alerts.log.title')} size="min(760px, 100vw)" placement="right">
      <p className="admin-alert-url">{webhook?.url}</p>
      <Table<WebhookDelivery>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={data}
        loading={isLoading}
        pagination={false}
        locale={{ emptyText: t('alerts.log.empty') }}
        scroll={{ x: true }}
      />
    </Drawer>
  );
}
