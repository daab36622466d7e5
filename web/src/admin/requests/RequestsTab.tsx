import { App, Button, Card, Empty, Select, Skeleton, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import type { ChangeRequest } from '@stakedesk/shared/api-types';
import { CHANGE_REQUEST_STATUSES, type ChangeRequestStatus } from '@stakedesk/shared/change-requests';
import { useAdminMe, useAdminSettings } from '../core/queries/queries.js';
import { useAdminFormat } from '../format.js';
import { useAdminI18n, useLocalizeMessage } from '../i18n.js';
import { RoleNotice } from '../core/roles/RoleNotice.js';
import { usePermission } from '../core/roles/use-permission.js';
import { isStepUpCancelled } from '../core/api/step-up.js';
import { useToast } from '../toast.js';
import { useApproveRequest, useCancelRequest, useChangeRequests } from './api.js';
import { ChangeValues } from './ChangeValues.js';
import { RejectDialog } from './RejectDialog.js';
import { RequestState } from './RequestState.js';
import { shownChanges } from './shown-changes.js';

/**
 * Changes that wait, or waited, for a second owner (DESIGN 17), newest first: each with what it
 * changes (the old and the new value side by side), who asked and when, and until when it may be
 * decided or when it takes effect. Another owner approves (step-up); any owner rejects with a
 * reason, or cancels a request still open (step-up).
 */
export function RequestsTab() {
  const { t } = useAdminI18n();
  const format = useAdminFormat();
  const localize = useLocalizeMessage();
  const toast = useToast();
  const { modal } = App.useApp();
  const [status, setStatus] = useState<ChangeRequestStatus | undefined>(undefined);
  const { data, isLoading } = useChangeRequests(status);
  const { data: me } = useAdminMe();
  const { data: settings } = useAdminSettings();
  const canDecide = usePermission('requests.decide').allowed;
  const [rejecting, setRejecting] = useState<ChangeRequest | null>(null);
  const shown = (request: ChangeRequest) => shownChanges(request.changes, t, format, settings?.tokenSymbol ?? '');
  const failed = (title: string) => (error: unknown) => {
    if (!isStepUpCancelled(error)) toast.error(title, localize(error));
  };

  const approve = useApproveRequest({
    onSuccess: (request) => toast.success(t(request.status === 'scheduled' ? 'requests.scheduled' : 'requests.applied')),
    onError: failed(t('requests.approveFailed')),
  });
  const cancel = useCancelRequest({
    onSuccess: () => toast.success(t('requests.cancelled')),
    onError: failed(t('requests.cancelFailed')),
  });

  function confirmCancel(request: ChangeRequest) {
    modal.confirm({
      title: t('requests.cancelTitle', { id: request.id }),
      content: t('requests.cancelConfirm'),
      okText: t('requests.cancel'),
      okButtonProps: { danger: true },
      cancelText: t('requests.keep'),
      onOk: () => cancel.mutateAsync({ request, shown: shown(request) }).catch(() => undefined),
    });
  }

  function actions(request: ChangeRequest) {
    if (!canDecide) return null;
    const pending = request.status === 'pending';
    const own = request.requestedBy.id === me?.id;
    return (
      <Space wrap>
        {pending && (
          <Tooltip title={own ? t('requests.ownRequest') : undefined}>
            <Button
              type="primary"
              size="small"
              disabled={own}
              loading={approve.isPending && approve.variables?.request.id === request.id}
              onClick={() => approve.mutate({ request, shown: shown(request) })}
            >
              {t('requests.approve')}
            </Button>
          </Tooltip>
        )}
        {pending && (
          <Button size="small" onClick={() => setRejecting(request)}>
            {t('requests.reject')}
          </Button>
        )}
        {(pending || request.status === 'scheduled') && (
          <Button size="small" danger onClick={() => confirmCancel(request)}>
            {t('requests.cancel')}
          </Button>
        )}
      </Space>
    );
  }

  return (
    <>
      <RoleNotice action="requests.decide" text="role.locked.requests" />
      <div className="admin-toolbar">
        <Typography.Title level={2} className="admin-heading" style={{ margin: 0 }}>
          {t('requests.title')}
        </Typography.Title>
        <div className="admin-toolbar-end">
          <Select<ChangeRequestStatus | 'all'>
            aria-label={t('requests.filter')}
            value={status ?? 'all'}
            onChange={(value) => setStatus(value === 'all' ? undefined : value)}
            style={{ minWidth: 180 }}
            options={[
              { value: 'all', label: t('requests.status.all') },
              ...CHANGE_REQUEST_STATUSES.map((value) => ({ value, label: t(`requests.status.${value}`) })),
            ]}
          />
        </div>
      </div>
      <Typography.Paragraph type="secondary">{t('requests.intro')}</Typography.Paragraph>
      {isLoading && <Skeleton active />}
      {data?.length === 0 && <Empty description={t('requests.empty')} />}
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        {data?.map((request) => (
          <Card
            key={request.id}
            size="small"
            className="admin-request"
            title={
              <span className="admin-request-title">
                {t('requests.number', { id: request.id })} · {t(`requests.kind.${request.kind}`)}
                {request.target && ` · ${request.target.name}`}
              </span>
            }
            extra={<Tag color={STATUS_COLORS[request.status]}>{t(`requests.status.${request.status}`)}</Tag>}
            aria-label={t('requests.number', { id: request.id })}
          >
            <ChangeValues rows={shown(request)} cluster={settings?.solanaCluster} />
            <div className="admin-request-foot">
              <RequestState request={request} />
              {actions(request)}
            </div>
          </Card>
        ))}
      </Space>
      <RejectDialog request={rejecting} onClose={() => setRejecting(null)} />
    </>
  );
}

const STATUS_COLORS: Record<ChangeRequestStatus, string> = {
  pending: 'gold',
  scheduled: 'blue',
  applied: 'green',
  rejected: 'red',
  expired: 'default',
  cancelled: 'default',
  failed: 'red',
};
