import { Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { adminLoginSchema } from '@stakedesk/shared/schemas';
import { ApiError } from '../../lib/api-client.js';
import { checkWithSchema } from '../forms/form-errors.js';
import { useAdminI18n, useLocalizeMessage } from '../i18n.js';
import { useToast } from '../toast.js';
import { useSession } from './session.js';

type LoginValues = { username?: string; password?: string };

export function LoginForm() {
  const { t } = useAdminI18n();
  const localize = useLocalizeMessage();
  const toast = useToast();
  const { login } = useSession();
  const [form] = Form.useForm<LoginValues>();
  const [pending, setPending] = useState(false);

  async function submit(values: LoginValues) {
    const credentials = checkWithSchema(form, adminLoginSchema, { username: values.username ?? '', password: values.password ?? '' }, localize);
    if (!credentials) return;
    setPending(true);
    try {
      await login(credentials.username, credentials.password);
      toast.success(t('login.success'));
    } catch (error) {
      // Too many attempts says so; any other refusal is the same wrong-credentials message.
      if (error instanceof ApiError && error.status === 429) toast.error(t('login.failed'), localize(error.message));
      else toast.error(t('login.failed'), t('login.failedText'));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="admin-login">
      <Card title={<Typography.Title level={3}>{t('header.title')}</Typography.Title>} style={{ width: 'min(400px, 100%)' }}>
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item label={t('login.username')} name="username">
            <Input autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item label={t('login.password')} name="password">
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={pending}>
            {pending ? t('login.pending') : t('login.submit')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
