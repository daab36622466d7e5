import { CopyOutlined } from '@ant-design/icons';
import { Button, Form, Input, QRCode, Space, Spin, Typography, type FormInstance } from 'antd';
import { useEffect } from 'react';
import type { TwoFactorSetupResponse } from '@stakedesk/shared/api-types';
import { twoFactorEnableSchema } from '@stakedesk/shared/schemas';
import { checkWithSchema, serverRefusal } from '../components/form-errors.js';
import { useAdminI18n, useLocalizeMessage } from '../i18n.js';
import { usePlatform } from '../platform.js';
import { useSession } from '../core/session/session.js';
import { useToast } from '../toast.js';
import { useEnableTwoFactor, useTwoFactorSetup } from './api.js';

type CodeForm = { code?: string };

/**
 * Enrolment: a new secret from the server as a QR code and as text, then a code from the
 * authenticator proves it has the secret; the server answers the recovery codes (`onEnabled`).
 */
export function TwoFactorEnrol({ onEnabled, onCancel }: { onEnabled: (recoveryCodes: string[]) => void; onCancel?: () => void }) {
  const { t } = useAdminI18n();
  const localize = useLocalizeMessage();
  const toast = useToast();
  const platform = usePlatform();
  const setup = useTwoFactorSetup();
  const enable = useEnableTwoFactor();
  const { replaceToken } = useSession();
  const [form] = Form.useForm<CodeForm>();
  const { mutate: start } = setup;

  useEffect(() => start(), [start]);

  async function copySecret(secret: string) {
    try {
      await platform.copyText(secret);
      toast.success(t('twoFactor.copied'));
    } catch {
      toast.error(t('copy.failed'));
    }
  }

  function submit(values: CodeForm) {
    const input = checkWithSchema(form, twoFactorEnableSchema, { code: values.code ?? '' }, localize);
    if (!input) return;
    enable.mutate(input.code, {
      // The answer carries a full session: under the required-for-everyone policy the token that
      // enrolled was good for /me only.
      onSuccess: async ({ recoveryCodes, token }) => {
        await replaceToken(token);
        toast.success(t('twoFactor.enabled'));
        onEnabled(recoveryCodes);
      },
      onError: (error) => {
        const message = serverRefusal(form, error, localize);
        form.setFields([{ name: 'code', value: '', errors: [message] }]);
      },
    });
  }

  if (setup.isError) {
    return (
      <Space direction="vertical">
        <Typography.Text type="danger">
          {t('twoFactor.setupFailed')}: {localize(setup.error)}
        </Typography.Text>
        <Space wrap>
          <Button onClick={() => start()}>{t('session.retry')}</Button>
          {onCancel && <Button onClick={onCancel}>{t('twoFactor.cancel')}</Button>}
        </Space>
      </Space>
    );
  }
  if (!setup.data) return <Spin />;
  return <EnrolForm setup={setup.data} form={form} pending={enable.isPending} onSubmit={submit} onCopy={copySecret} onCancel={onCancel} />;
}

function EnrolForm({
  setup,
  form,
  pending,
  onSubmit,
  onCopy,
  onCancel,
}: {
  setup: TwoFactorSetupResponse;
  form: FormInstance<CodeForm>;
  pending: boolean;
  onSubmit: (values: CodeForm) => void;
  onCopy: (secret: string) => void;
  onCancel?: () => void;
}) {
  const { t } = useAdminI18n();
  return (
    <Form form={form} name="two-factor-on" layout="vertical" onFinish={onSubmit} requiredMark={false}>
      <Typography.Paragraph>{t('twoFactor.scan')}</Typography.Paragraph>
      {/* Dark on white whatever the theme: authenticator apps read that best. */}
      <QRCode
        className="admin-qr"
        value={setup.otpauthUrl}
        color="#000000"
        bgColor="#ffffff"
        size={200}
        errorLevel="M"
        aria-label={t('twoFactor.qrLabel')}
      />
      <Form.Item label={t('twoFactor.secret')} htmlFor="two-factor-secret">
        <Space.Compact style={{ width: '100%' }}>
          <Input id="two-factor-secret" className="admin-mono" value={setup.secret} readOnly />
          <Button icon={<CopyOutlined />} aria-label={t('twoFactor.copySecret')} onClick={() => onCopy(setup.secret)} />
        </Space.Compact>
      </Form.Item>
      <Form.Item label={t('twoFactor.code')} name="code">
        <Input className="admin-mono" inputMode="numeric" autoComplete="one-time-code" maxLength={6} style={{ maxWidth: 160 }} />
      </Form.Item>
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={pending}>
          {t('twoFactor.enable')}
        </Button>
        {onCancel && <Button onClick={onCancel}>{t('twoFactor.cancel')}</Button>}
      </Space>
    </Form>
  );
}
