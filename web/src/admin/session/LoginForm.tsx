import { Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { adminLoginSchema } from '@stakedesk/shared/schemas';
import { checkWithSchema } from '../forms/form-errors.js';
import { useAdminI18n, useLocalizeMessage } from '../i18n.js';
import { useToast } from '../toast.js';
import { LoginShell } from './LoginShell.js';
import { loginRefusal } from './login-refusal.js';
import { useSession } from './session.js';

type LoginValues = { username?: string; password?: string };
type CodeValues = { code?: string };

/**
 * Username and password; when the account has two-factor on, a second step asks for the code
 * (or a recovery code) and signs in with all three. While the account's sign-ins are paused the
 * code step is offered too: the right password with a valid code gets through the pause.
 */
export function LoginForm() {
  const { t } = useAdminI18n();
  const localize = useLocalizeMessage();
  const toast = useToast();
  const { login } = useSession();
  const [form] = Form.useForm<LoginValues>();
  const [codeForm] = Form.useForm<CodeValues>();
  const [pending, setPending] = useState(false);
  // Kept between the two steps only, never stored.
  const [awaitingCode, setAwaitingCode] = useState<{ username: string; password: string; throttled?: boolean } | null>(null);

  async function attempt(credentials: { username: string; password: string; code?: string }) {
    setPending(true);
    try {
      await login(credentials);
      toast.success(t('login.success'));
    } catch (error) {
      const refusal = loginRefusal(error);
      if (refusal.kind === 'codeRequired') {
        if (credentials.code === undefined) setAwaitingCode({ username: credentials.username, password: credentials.password });
        else codeForm.setFields([{ name: 'code', value: '', errors: [localize(refusal.error)] }]);
      } else if (refusal.kind === 'throttled') {
        toast.error(t('login.failed'), localize(refusal.error));
        if (credentials.code === undefined)
          setAwaitingCode({ username: credentials.username, password: credentials.password, throttled: true });
      } else if (refusal.kind === 'rateLimited') toast.error(t('login.failed'), localize(refusal.error));
      // Any other refusal is the same wrong-credentials message.
      else toast.error(t('login.failed'), t('login.failedText'));
    } finally {
      setPending(false);
    }
  }

  function submitPassword(values: LoginValues) {
    const credentials = checkWithSchema(
      form,
      adminLoginSchema,
      { username: values.username ?? '', password: values.password ?? '' },
      localize,
    );
    if (credentials) void attempt({ username: credentials.username, password: credentials.password });
  }

  function submitCode(values: CodeValues) {
    if (!awaitingCode) return;
    const { username, password } = awaitingCode;
    const checked = checkWithSchema(codeForm, adminLoginSchema, { username, password, code: values.code ?? '' }, localize);
    if (!checked) return;
    if (!checked.code) {
      codeForm.setFields([{ name: 'code', errors: [t('server.twoFactorCodeRequired')] }]);
      return;
    }
    void attempt({ username, password, code: checked.code });
  }

  function back() {
    setAwaitingCode(null);
    codeForm.resetFields();
  }

  return (
    <LoginShell title={t('header.title')} width={400}>
      {awaitingCode ? (
        // Keyed: each step is its own Form (a Form keeps the store it was mounted with).
        <Form key="code" form={codeForm} layout="vertical" onFinish={submitCode} requiredMark={false}>
          <Typography.Paragraph>
            {t(awaitingCode.throttled ? 'login.throttledCodeIntro' : 'login.codeIntro', { username: awaitingCode.username })}
          </Typography.Paragraph>
          <Form.Item label={t('login.code')} name="code" extra={t('login.codeHint')}>
            <Input className="admin-mono" autoComplete="one-time-code" autoCapitalize="off" spellCheck={false} autoFocus />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={pending}>
            {pending ? t('login.pending') : t('login.verify')}
          </Button>
          <Button block onClick={back} style={{ marginTop: 8 }}>
            {t('login.back')}
          </Button>
        </Form>
      ) : (
        <Form key="password" form={form} layout="vertical" onFinish={submitPassword} requiredMark={false}>
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
      )}
    </LoginShell>
  );
}
