import { Drawer, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { AdminWebhook, WebhookDelivery, WebhookDeliveryStatus } from '@stakedesk/shared/api-types';
import type { AdminMessageKey } from '../../i18n/admin-en.js';
import { useAdminFormat } from '../format.js';
import { useAdminI18n } from '../i18n.js';
import { useWebhookDeliveries } from './api.js';
import { attemptAnswer, deliveryAnswer } from './delivery-answer.js';

const STATUS_COLOR: Record<WebhookDeliveryStatus, string> = { pending: 'default', delivered: 'green', retrying: 'orange', failed: 'red' };

/** The receiver's last answer: its HTTP status, or why none came. */
export function useAnswerText() {
  const { t, language } = useAdminI18n();
  return (delivery: WebhookDelivery) => deliveryAnswer(t, delivery, language);
}

/** Each attempt at a delivery, oldest first: when, and what the receiver answered or why no answer came. */
function AttemptLog({ delivery }: { delivery: WebhookDelivery }) {
  const { t, language } = useAdminI18n();
  const format = useAdminFormat();
  if (delivery.attemptLog.length === 0) return <Typography.Text type="secondary">{t('alerts.log.noAttempt')}</Typography.Text>;
  return (
    <ol
      className="admin-attempt-log"
      aria-label={t('alerts.log.attemptsOf', { event: t(`alerts.event.${delivery.event}` as AdminMessageKey) })}
    >
      {delivery.attemptLog.map((attempt, index) => (
        <li key={`${attempt.at}-${index}`}>
          {t('alerts.log.attempt', {
            number: format.count(index + 1),
            at: format.dateTime(attempt.at),
            answer: attemptAnswer(t, attempt, language),
          })}
        </li>
      ))}
    </ol>
  );
}

/**
 * A webhook's latest deliveries: which event, how it went, how many attempts and the last answer;
 * a row opens to each attempt with its time and answer (as Svix and Stripe show them).
 */
export function DeliveryLog({ webhook, onClose }: { webhook: AdminWebhook | null; onClose: () => void }) {
  const { t } = useAdminI18n();
  const format = useAdminFormat();
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
    { title: t('alerts.log.attempts'), dataIndex: 'attempts', key: 'attempts', align: 'right', render: format.count },
    {
      title: t('alerts.log.answer'),
      key: 'answer',
      className: 'admin-nowrap',
      render: (_value, delivery) => (delivery.attempts > 0 ? answer(delivery) : ''),
    },
    { title: t('alerts.log.time'), dataIndex: 'createdAt', key: 'createdAt', render: (date: string) => format.dateTime(date) },
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
        expandable={{
          columnTitle: <span className="admin-visually-hidden">{t('alerts.log.attemptsTitle')}</span>,
          expandedRowRender: (delivery) => <AttemptLog delivery={delivery} />,
        }}
        scroll={{ x: true }}
      />
    </Drawer>
  );
}
