import { App, Button, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { Admin } from '@stakedesk/shared/api-types';
import { useAdminMe, useAdmins } from '../core/queries/queries.js';
import { useAdminFormat } from '../format.js';
import { useAdminI18n, useLocalizeMessage } from '../i18n.js';
import { RoleNotice } from '../core/roles/RoleNotice.js';
import { RoleTag } from '../core/roles/RoleTag.js';
import { usePermission } from '../core/roles/use-permission.js';
import { useToast } from '../toast.js';
import { AdminDialog } from './AdminDialog.js';
import { useDeleteAdmin } from './api.js';
import { useAskedNotice } from '../core/change-requests/asked.js';

/** Every admin with its role and two-factor state; an owner adds, edits (role, password) and deletes them. */
export function AdminsTab() {
  const { t } = useAdminI18n();
  const format = useAdminFormat();
  const localize = useLocalizeMessage();
  const toast = useToast();
  const { modal } = App.useApp();
  const { data, isLoading } = useAdmins();
  const { data: me } = useAdminMe();
  const [editing, setEditing] = useState<{ admin: Admin | null } | null>(null);
  const canManage = usePermission('admins.manage').allowed;

  const asked = useAskedNotice();
  const remove = useDeleteAdmin({
    onSuccess: (changeRequest) => (changeRequest ? asked(changeRequest) : toast.success(t('admins.deleted'))),
    onError: (error) => toast.error(t('admins.deleteFailed'), localize(error)),
  });

  function confirmDelete(admin: Admin) {
    modal.confirm({
      title: t('admins.deleteTitle', { username: admin.username }),
      content: t('admins.deleteConfirm'),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => remove.mutateAsync(admin).catch(() => undefined),
    });
  }

  const columns: TableColumnsType<Admin> = [
    { title: t('server.fieldEmail'), dataIndex: 'email', key: 'email' },
    { title: t('server.fieldUsername'), dataIndex: 'username', key: 'username' },
    { title: t('server.fieldRole'), dataIndex: 'role', key: 'role', render: (role: Admin['role']) => <RoleTag role={role} /> },
    {
      title: t('admins.twoFactor'),
      dataIndex: 'twoFactorEnabled',
      key: 'twoFactorEnabled',
      render: (on: boolean) => <Tag color={on ? 'green' : 'default'}>{on ? t('account.on') : t('account.off')}</Tag>,
    },
    { title: t('admins.createdAt'), dataIndex: 'createdAt', key: 'createdAt', render: (date: string) => format.dateTime(date) },
  ];
  const actionsColumn: TableColumnsType<Admin>[number] = {
    title: t('admins.actions'),
    key: 'actions',
    // Stays in view while the other columns scroll sideways on a narrow screen.
    fixed: 'right',
    render: (_value, admin) => (
      <Space>
        <Button size="small" onClick={() => setEditing({ admin })}>
          {t('admins.edit')}
        </Button>
        {admin.id === me?.id ? (
          // The server refuses to delete the signed-in admin: the control says so instead of offering it.
          <Tooltip title={t('server.cannotDeleteSelf')}>
            <span>
              <Button size="small" danger disabled aria-describedby="admin-self-delete">
                {t('common.delete')}
              </Button>
              <span id="admin-self-delete" hidden>
                {t('server.cannotDeleteSelf')}
              </span>
            </span>
          </Tooltip>
        ) : (
          <Button size="small" danger onClick={() => confirmDelete(admin)}>
            {t('common.delete')}
          </Button>
        )}
      </Space>
    ),
  };

  return (
    <>
      <RoleNotice action="admins.manage" text="role.locked.admins" />
      <div className="admin-toolbar">
        <Typography.Title level={2} className="admin-heading" style={{ margin: 0 }}>
          {t('admins.title')}
        </Typography.Title>
        {canManage && (
          <div className="admin-toolbar-end">
            <Button type="primary" onClick={() => setEditing({ admin: null })}>
              {t('admins.add')}
            </Button>
          </div>
        )}
      </div>
      <Table<Admin>
        rowKey="id"
        size="middle"
        columns={canManage ? [...columns, actionsColumn] : columns}
        dataSource={data?.rows}
        loading={isLoading}
        pagination={false}
        locale={{ emptyText: t('admins.empty') }}
        scroll={{ x: true }}
      />
      <AdminDialog open={editing !== null} admin={editing?.admin ?? null} onClose={() => setEditing(null)} />
    </>
  );
}
