import { Button, Card, Form, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { AdminMe } from '@stakedesk/shared/api-types';
import { twoFactorDisableSchema } from '@stakedesk/shared/schemas';
import { checkWithSchema, serverRefusal } from '../components/form-errors.js';
import { useAdminI18n, useLocalizeMessage } from '../i18n.js';
import { useToast } from '../toast.js';
import { useDisableTwoFactor } from './api.js';
import { RecoveryCodes } from './RecoveryCodes.js';
import { TwoFactorEnrol } from './TwoFactorEnrol.js';

type DisableForm = { currentPassword?: string; code?: string };

/** Two-factor on (enrol, then the recovery codes once) or off (password and a current code). */
export function TwoFactorCard({ me }: { me: AdminMe }) {
  const { t } = useAdminI18n();
  const [enrolling, setEnrolling] = useState(false);
  // Kept here, not derived from `me`: they stay on screen after `me` says two-factor is on, until Done.
  const [codes, setCodes] = useState<string[] | null>(null);

  let body;
  if (codes) {
    body = <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
  } else if (me.twoFactorEnabled) {
    body = <DisableTwoFactor />;
  } else if (enrolling) {
    body = (
      <TwoFactorEnrol
        onEnabled={(recoveryCodes) => {
          setEnrolling(false);
          setCodes(recoveryCodes);
        }}
        onCancel={() => setEnrolling(false)}
      />
    );
  } else {
    body = (
      <Button type="primary" onClick={() => setEnrolling(true)}>
        {t('twoFactor.start')}
      </Button>
    );
  }

  return (
    <Card
      title={t('twoFactor.title')}
      extra={<Tag color={me.twoFactorEnabled ? 'green' : 'default'}>{me.twoFactorEnabled ? t('account.on') : t('account.off')}</Tag>}
      style={{ marginTop: 16 }}
    >
      {!codes && (
        <Typography.Paragraph type="secondary">{me.twoFactorEnabled ? t('twoFactor.onText') : t('twoFactor.offText')}</Typography.Paragraph>
      )}
      {body}
    </Card>
  );
}

function DisableTwoFactor() {
  const { t } = useAdminI18n();
  const localize = useLocalizeMessage();
  const toast = useToast();
  const disable = useDisableTwoFactor();
  const [form] = Form.useForm<DisableForm>();

  function submit(values: DisableForm) {
    const input = checkWithSchema(
      form,
      twoFactorDisableSchema,
      { currentPassword: values.currentPassword ?? '', code: values.code ?? '' },
      localize,
    );
    if (!input) return;
    disable.mutate(input, {
      onSuccess: () => {
        form.resetFields();
        toast.success(t('twoFactor.disabled'));
      },
      onError: (error) => {
        toast.error(t('twoFactor.disableFailed'), serverRefusal(form, error, localize));
        form.setFieldsValue({ code: '' });
      },
    });
  }

  return (
    <Form form={form} name="two-factor-off" layout="vertical" onFinish={submit} requiredMark={false}>
      <Typography.Paragraph>{t('twoFactor.disableText')}</Typography.Paragraph>
      <Form.Item label={t('server.fieldCurrentPassword')} name="currentPassword">
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item label={t('twoFactor.disableCode')} name="code" extra={t('login.codeHint')}>
        <Input className="admin-mono" autoComplete="one-time-code" autoCapitalize="off" spellCheck={false} />
      </Form.Item>
      <Space>
        <Button danger htmlType="submit" loading={disable.isPending}>
          {t('twoFactor.disable')}
        </Button>
      </Space>
    </Form>
  );
}
