import { Button, Card, Form, Input, Typography } from 'antd';
import { passwordChangeSchema } from '@stakedesk/shared/schemas';
import { ApiError } from '../../lib/api-client.js';
import { checkWithSchema, serverRefusal } from '../components/form-errors.js';
import { useAdminI18n, useLocalizeMessage } from '../i18n.js';
import { useAdminClient, useSession } from '../core/session/session.js';
import { useToast } from '../toast.js';
import { useChangePassword } from './api.js';

type PasswordForm = { currentPassword?: string; newPassword?: string; repeatPassword?: string };

/**
 * Own password: the current one, the new one twice. The server ends the admin's other sessions;
 * if it ended this one too, the admin is sent to log in with the new password, told why.
 */
export function PasswordCard() {
  const { t } = useAdminI18n();
  const localize = useLocalizeMessage();
  const toast = useToast();
  const client = useAdminClient();
  const { endWith } = useSession();
  const change = useChangePassword();
  const [form] = Form.useForm<PasswordForm>();

  async function afterChange() {
    form.resetFields();
    try {
      await client.get('/api/admin/me', { endSessionOn401: false });
      toast.success(t('account.passwordChanged'), t('account.passwordChangedText'));
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) endWith(t('account.passwordChangedSignIn'));
      else toast.success(t('account.passwordChanged'), t('account.passwordChangedText'));
    }
  }

  function submit(values: PasswordForm) {
    const input = checkWithSchema(
      form,
      passwordChangeSchema,
      { currentPassword: values.currentPassword ?? '', newPassword: values.newPassword ?? '' },
      localize,
    );
    if (!input) return;
    if (values.repeatPassword !== values.newPassword) {
      form.setFields([{ name: 'repeatPassword', errors: [t('account.passwordMismatch')] }]);
      return;
    }
    change.mutate(input, {
      onSuccess: () => void afterChange(),
      onError: (error) => toast.error(t('account.passwordFailed'), serverRefusal(form, error, localize)),
    });
  }

  return (
    <Card title={t('account.passwordTitle')} style={{ marginTop: 16 }}>
      <Typography.Paragraph type="secondary">{t('account.passwordHint')}</Typography.Paragraph>
      <Form form={form} name="own-password" layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item label={t('server.fieldCurrentPassword')} name="currentPassword">
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item label={t('server.fieldNewPassword')} name="newPassword">
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item label={t('account.confirmPassword')} name="repeatPassword">
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          {t('account.passwordSubmit')}
        </Button>
      </Form>
    </Card>
  );
}
