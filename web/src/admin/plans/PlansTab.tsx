import { App, Button, Card, Col, Descriptions, Empty, Row, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { StakingPlan } from '@stakedesk/shared/api-types';
import { useAdminPlans, useAdminSettings } from '../core/queries/queries.js';
import { useAdminFormat } from '../format.js';
import { useAdminI18n, useLocalizeMessage } from '../i18n.js';
import { RoleNotice } from '../core/roles/RoleNotice.js';
import { usePermission } from '../core/roles/use-permission.js';
import { useToast } from '../toast.js';
import { useDeletePlan, useTogglePlan } from './api.js';
import { PlanDialog } from './PlanDialog.js';

export function PlansTab() {
  const { t } = useAdminI18n();
  const format = useAdminFormat();
  const localize = useLocalizeMessage();
  const toast = useToast();
  const { modal } = App.useApp();
  const { data: plans, isLoading } = useAdminPlans();
  const { data: settings } = useAdminSettings();
  const [editing, setEditing] = useState<{ plan: StakingPlan | null } | null>(null);
  const canManage = usePermission('plans.manage').allowed;

  const failed = (title: string) => (error: Error) => toast.error(title, localize(error));

  const toggle = useTogglePlan({ onSuccess: () => toast.success(t('plans.toggled')), onError: failed(t('plans.toggleFailed')) });
  const remove = useDeletePlan({ onSuccess: () => toast.success(t('plans.deleted')), onError: failed(t('plans.deleteFailed')) });

  function confirmDelete(plan: StakingPlan) {
    modal.confirm({
      title: t('plans.deleteTitle', { name: plan.name }),
      content: t('plans.deleteConfirm'),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => remove.mutateAsync(plan).catch(() => undefined),
    });
  }

  const symbol = settings?.tokenSymbol ?? '';
  return (
    <>
      <RoleNotice action="plans.manage" text="role.locked.changes" />
      <div className="admin-toolbar">
        <Typography.Title level={2} className="admin-heading" style={{ margin: 0 }}>
          {t('plans.title')}
        </Typography.Title>
        {canManage && (
          <div className="admin-toolbar-end">
            <Button type="primary" onClick={() => setEditing({ plan: null })}>
              {t('plans.create')}
            </Button>
          </div>
        )}
      </div>
      {isLoading ? (
        <Skeleton active />
      ) : !plans?.rows.length ? (
        <Empty description={t('plans.empty')} />
      ) : (
        <Row gutter={[16, 16]}>
          {plans.rows.map((plan) => (
            <Col key={plan.id} xs={24} md={12} xl={8}>
              <Card
                role="article"
                aria-label={plan.name}
                title={plan.name}
                extra={<Tag color={plan.isActive ? 'green' : 'default'}>{plan.isActive ? t('plans.active') : t('plans.inactive')}</Tag>}
                actions={
                  canManage
                    ? [
                        <Button key="edit" type="link" onClick={() => setEditing({ plan })}>
                          {t('plans.edit')}
                        </Button>,
                        <Button
                          key="toggle"
                          type="link"
                          loading={toggle.isPending && toggle.variables?.id === plan.id}
                          onClick={() => toggle.mutate(plan)}
                        >
                          {plan.isActive ? t('plans.deactivate') : t('plans.activate')}
                        </Button>,
                        <Button key="delete" type="link" danger onClick={() => confirmDelete(plan)}>
                          {t('common.delete')}
                        </Button>,
                      ]
                    : undefined
                }
              >
                {plan.description && <Typography.Paragraph type="secondary">{plan.description}</Typography.Paragraph>}
                {/* One column on a phone: two squeezed "100 SDT" into a column one letter wide. */}
                <Descriptions
                  column={{ xs: 1, sm: 2 }}
                  size="small"
                  items={[
                    { key: 'yield', label: t('plans.yieldShort'), children: format.percent(plan.yieldRate) },
                    {
                      key: 'duration',
                      label: t('server.fieldDuration'),
                      children: plan.durationMinutes
                        ? t('plans.minutes', { minutes: format.count(plan.durationMinutes) })
                        : t('plans.days', { days: format.count(plan.durationDays) }),
                    },
                    { key: 'min', label: t('plans.minShort'), children: format.tokens(plan.minStakeAmount, symbol) },
                    { key: 'penalty', label: t('plans.penaltyShort'), children: format.percent(plan.earlyPenaltyRate) },
                    ...(plan.maxTotalStaked === null
                      ? []
                      : [
                          {
                            key: 'capacity',
                            label: t('plans.capacityShort'),
                            children: t('plans.capacityLeft', {
                              remaining: format.tokens(plan.remainingCapacity ?? '0', symbol),
                              cap: format.tokens(plan.maxTotalStaked, symbol),
                            }),
                          },
                        ]),
                    ...(plan.maxPerWallet === null
                      ? []
                      : [
                          {
                            key: 'perWallet',
                            label: t('plans.perWalletShort'),
                            children: format.tokens(plan.maxPerWallet, symbol),
                          },
                        ]),
                  ]}
                />
              </Card>
            </Col>
          ))}
        </Row>
      )}
      <PlanDialog open={editing !== null} plan={editing?.plan ?? null} onClose={() => setEditing(null)} />
    </>
  );
}
