import { Button, Form, Input, Modal, Select, type FormInstance } from 'antd';
import { useEffect } from 'react';
import type { Admin } from '@stakedesk/shared/api-types';
import { ADMIN_ROLES, type AdminRole } from '@stakedesk/shared/roles';
import { adminCreateSchema } from '@stakedesk/shared/schemas';
import { checkWithSchema, serverRefusal } from '../components/form-errors.js';
import { useAdminI18n, useLocalizeMessage } from '../i18n.js';
import { isStepUpCancelled } from '../core/api/step-up.js';
import { useToast } from '../toast.js';
import { useAskedNotice } from '../core/change-requests/asked.js';
import { useSaveAdmin } from './api.js';

type AdminForm = { email?: string; username?: string; password?: string; role?: AdminRole };

/** A new admin is an operator unless the owner picks otherwise: the least power that can work. */
const NEW_ADMIN_ROLE: AdminRole = 'operator';

/**
 * 'Create New Admin' or 'Edit Admin'; when editing, a blank password keeps the current one.
 * Creating, a role change, a new password, username or email ask for a step-up (the API client's).
 */
export function AdminDialog({ open, admin, onClose }: { open: boolean; admin: Admin | null; onClose: () => void }) {
  const { t } = useAdminI18n();
  const localize = useLocalizeMessage();
  const toast = useToast();
  const [form] = Form.useForm<AdminForm>();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(admin ? { email: admin.email, username: admin.username, role: admin.role } : { role: NEW_ADMIN_ROLE });
  }, [open, admin, form]);

  const asked = useAskedNotice();
  const save = useSaveAdmin(admin, {
    onSuccess: (changeRequest) => {
      if (changeRequest) asked(changeRequest);
      else toast.success(admin ? t('admins.updated') : t('admins.created'));
      onClose();
    },
    onError: (error) => {
      if (!isStepUpCancelled(error))
        toast.error(admin ? t('admins.updateFailed') : t('admins.createFailed'), serverRefusal(form, error, localize));
    },
  });

  function submit(values: AdminForm) {
    // Editing sends the role and the password only when they change: an unchanged role or a kept
    // password is no change for the owner to confirm.
    const role = admin && values.role === admin.role ? undefined : values.role;
    const password = admin && !values.password ? undefined : (values.password ?? '');
    const input = checkWithSchema(
      form,
      adminCreateSchema,
      {
        email: values.email ?? '',
        username: values.username ?? '',
        ...(password === undefined ? {} : { password }),
        ...(role ? { role } : {}),
      },
      localize,
    );
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
        <Form.Item label={t('server.fieldEmail')} name="email">
          <Input inputMode="email" autoComplete="off" />
        </Form.Item>
        <Form.Item label={t('server.fieldUsername')} name="username">
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label={admin ? t('admins.passwordKeep') : t('server.fieldPassword')} name="password">
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item label={t('server.fieldRole')} name="role" extra={<RoleDescription form={form} />}>
          <Select<AdminRole> options={ADMIN_ROLES.map((role) => ({ value: role, label: t(`role.${role}`) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** What the chosen role may do, under the select. */
function RoleDescription({ form }: { form: FormInstance<AdminForm> }) {
  const { t } = useAdminI18n();
  const role = Form.useWatch('role', form);
  return role ? t(`role.describe.${role}`) : null;
}
