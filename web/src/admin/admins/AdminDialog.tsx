import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import type { Admin } from '@stakedesk/shared/api-types';
import { adminCreateSchema, type AdminCreateInput } from '@stakedesk/shared/schemas';
import { adminKeys } from '../api/queries.js';
import { checkWithSchema, serverRefusal } from '../forms/form-errors.js';
import { useAdminI18n, useLocalizeMessage } from '../i18n.js';
import { useAdminClient } from '../session/session.js';
import { useToast } from '../toast.js';

type AdminForm = { email?: string; username?: string; password?: string };

/** 'Create New Admin' or 'Edit Admin'; when editing, a blank password keeps the current one. */
export function AdminDialog({ open, admin, onClose }: { open: boolean; admin: Admin | null; onClose: () => void }) {
  const { t } = useAdminI18n();
  const localize = useLocalizeMessage();
  const toast = useToast();
  const client = useAdminClient();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<AdminForm>();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (admin) form.setFieldsValue({ email: admin.email, username: admin.username });
  }, [open, admin, form]);

  const save = useMutation({
    mutationFn: (input: AdminCreateInput) => (admin ? client.send<Admin>('PUT', `/api/admin/admins/${admin.id}`, input) : client.send<Admin>('POST', '/api/admin/admins', input)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.admins });
      toast.success(admin ? t('admins.updated') : t('admins.created'));
      onClose();
    },
    onError: (error) => toast.error(admin ? t('admins.updateFailed') : t('admins.createFailed'), serverRefusal(form, error, localize)),
  });

  function submit(values: AdminForm) {
    const input = checkWithSchema(form, adminCreateSchema, { email: values.email ?? '', username: values.username ?? '', password: values.password ?? '' }, localize);
    if (input) save.mutate(input);
  }

  return (
    <Modal
      open={open}
      title={admin ? t('admins.editTitle') : t('admins.createTitle')}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button key="submit" type="primary" loading={save.isPending} onClick={() => form.submit()}>
          {admin ? t('admins.update') : t('admins.create')}
        </Button>,
      ]}
    >
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} autoComplete="off">
        <Form.Item label={t('admins.email')} name="email">
          <Input inputMode="email" autoComplete="off" />
        </Form.Item>
        <Form.Item label={t('admins.username')} name="username">
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label={admin ? t('admins.passwordKeep') : t('admins.password')} name="password">
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
