import { App, Button, Modal, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useRef, useState } from 'react';
import type { AdminWebhook } from '@stakedesk/shared/api-types';
import { useAdminI18n, useLocalizeMessage } from '../i18n.js';
import { RoleNotice } from '../core/roles/RoleNotice.js';
import { usePermission } from '../core/roles/use-permission.js';
import { useToast } from '../toast.js';
import { useAskedNotice } from '../core/change-requests/asked.js';
import { useDeleteWebhook, useSendTest, useWebhooks } from './api.js';
import { DeliveryLog, useAnswerText } from './DeliveryLog.js';
import { WebhookDialog } from './WebhookDialog.js';

/** Alert webhooks (DESIGN 13): every admin sees them and their delivery logs; an owner adds, edits, deletes and tests them. */
export function AlertsTab() {
  const { t } = useAdminI18n();
  const localize = useLocalizeMessage();
  const toast = useToast();
  const answer = useAnswerText();
  const { modal } = App.useApp();
  const { data, isLoading } = useWebhooks();
  const [editing, setEditing] = useState<{ webhook: AdminWebhook | null } | null>(null);
  const [logOf, setLogOf] = useState<AdminWebhook | null>(null);
  const [newSecret, setNewSecret] = useState<string | null>(null);
  const canManage = usePermission('alerts.manage').allowed;
  // The row whose "Send test" was pressed: its toast opens where it covers none of that row's buttons.
  const testedRow = useRef<Element | null>(null);

  const asked = useAskedNotice();
  const remove = useDeleteWebhook({
    onSuccess: (changeRequest) => (changeRequest ? asked(changeRequest) : toast.success(t('alerts.deleted'))),
    onError: (error) => toast.error(t('alerts.deleteFailed'), localize(error)),
  });
  const test = useSendTest({
    onSuccess: (delivery) =>
      delivery.status === 'delivered'
        ? toast.success(t('alerts.testDelivered'), undefined, { near: testedRow.current })
        : toast.error(t('alerts.testFailed'), t('alerts.testFailedDetail', { answer: answer(delivery) }), { near: testedRow.current }),
    onError: (error) => toast.error(t('alerts.testFailed'), localize(error), { near: testedRow.current }),
  });

  function confirmDelete(webhook: AdminWebhook) {
    modal.confirm({
      title: t('alerts.deleteTitle'),
      content: t('alerts.deleteConfirm'),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => remove.mutateAsync(webhook).catch(() => undefined),
    });
  }

  const columns: TableColumnsType<AdminWebhook> = [
    { title: t('alerts.kind'), dataIndex: 'kind', key: 'kind', render: (kind: AdminWebhook['kind']) => t(`alerts.kind.${kind}`) },
    { title: t('alerts.url'), dataIndex: 'url', key: 'url', render: (url: string) => <span className="admin-alert-url">{url}</span> },
    {
      title: t('server.fieldWebhookEvents'),
      dataIndex: 'events',
      key: 'events',
      render: (events: AdminWebhook['events']) => (
        <Space size={[4, 4]} wrap>
          {events.map((event) => (
            <Tag key={event}>{t(`alerts.event.${event}`)}</Tag>
          ))}
        </Space>
      ),
    },
    {
      title: t('alerts.actions'),
      key: 'actions',
      render: (_value, webhook) => (
        <Space wrap>
          <Button size="small" onClick={() => setLogOf(webhook)}>
            {t('alerts.deliveries')}
          </Button>
          {canManage && (
            <>
              <Button
                size="small"
                loading={test.isPending && test.variables?.id === webhook.id}
                onClick={(event) => {
                  testedRow.current = event.currentTarget.closest('tr');
                  test.mutate(webhook);
                }}
              >
                {t('alerts.sendTest')}
              </Button>
              <Button size="small" onClick={() => setEditing({ webhook })}>
                {t('alerts.edit')}
              </Button>
              <Button size="small" danger onClick={() => confirmDelete(webhook)}>
                {t('common.delete')}
              </Button>
            </>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <RoleNotice action="alerts.manage" text="role.locked.alerts" />
      <div className="admin-toolbar">
        <Typography.Title level={2} className="admin-heading" style={{ margin: 0 }}>
          {t('alerts.title')}
        </Typography.Title>
        {canManage && (
          <div className="admin-toolbar-end">
            <Button type="primary" onClick={() => setEditing({ webhook: null })}>
              {t('alerts.add')}
            </Button>
          </div>
        )}
      </div>
      <Typography.Paragraph type="secondary">{t('alerts.intro')}</Typography.Paragraph>
      <Table<AdminWebhook>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={data}
        loading={isLoading}
        pagination={false}
        locale={{ emptyText: t('alerts.empty') }}
        scroll={{ x: true }}
      />
      <WebhookDialog open={editing !== null} webhook={editing?.webhook ?? null} onClose={() => setEditing(null)} onSecret={setNewSecret} />
      <DeliveryLog webhook={logOf} onClose={() => setLogOf(null)} />
      <Modal
        open={newSecret !== null}
        title={t('alerts.secretTitle')}
        onCancel={() => setNewSecret(null)}
        footer={
          <Button type="primary" onClick={() => setNewSecret(null)}>
            {t('alerts.secretDone')}
          </Button>
        }
      >
        <Typography.Paragraph>{t('alerts.secretOnce')}</Typography.Paragraph>
        <Typography.Paragraph code copyable className="admin-alert-url">
          {newSecret}
        </Typography.Paragraph>
      </Modal>
    </>
  );
}
