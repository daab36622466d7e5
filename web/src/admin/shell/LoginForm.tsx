import { Alert, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import type { PasskeyOptionsJson } from '@stakedesk/shared/api-types';
import { adminLoginSchema } from '@stakedesk/shared/schemas';
import type { AdminMessageKey } from '../../i18n/admin-en.js';
import { codedMessageOf } from '../../i18n/server-messages.js';
import { checkWithSchema } from '../components/form-errors.js';
import { useAdminI18n, useLocalizeMessage } from '../i18n.js';
import { usePasskeyFailure } from '../core/passkeys/use-passkey-failure.js';
import { answerWithPasskey, passkeysAvailable } from '../core/passkeys/webauthn.js';
import { usePlatform } from '../platform.js';
import { useToast } from '../toast.js';
import { LoginShell } from './LoginShell.js';
import { loginRefusal, type LoginRefusal } from './login-refusal.js';
import { useSession } from '../core/session/session.js';

type LoginValues = { username?: string; password?: string };
type CodeValues = { code?: string };

/** Between the two steps (kept in memory only, never stored): who, and how the second step may be answered. */
type SecondStep = {
  username: string;
  password: string;
  throttled?: boolean;
  passkeyOptions?: PasskeyOptionsJson;
  passkeyRequired?: boolean;
  /** What the server said of the last answer (a passkey made on another site, a code refused). */
  refusal?: string;
  /** What the server said when it asked for a passkey only (owners held to passkeys: codes are not accepted). */
  passkeyOnlyBecause?: string;
};

function introOf(step: SecondStep, passkeysHere: boolean): AdminMessageKey {
  if (step.throttled) return 'login.throttledCodeIntro';
  if (step.passkeyRequired) return 'login.passkeyIntro';
  return step.passkeyOptions && passkeysHere ? 'login.codeOrPasskeyIntro' : 'login.codeIntro';
}

/**
 * Username and password; when the account has two-factor on, a second step asks for the code (or a
 * recovery code), or offers "Sign in with a passkey" when the server sent passkey options (DESIGN
 * 17), and signs in with them. While the account's sign-ins are paused that step is offered too:
 * the right password with a valid code or passkey gets through the pause.
 */
export function LoginForm() {
  const { t } = useAdminI18n();
  const localize = useLocalizeMessage();
  const failure = usePasskeyFailure();
  const toast = useToast();
  const passkeysHere = passkeysAvailable(usePlatform());
  const { login, loginWithPasskey } = useSession();
  const [form] = Form.useForm<LoginValues>();
  const [codeForm] = Form.useForm<CodeValues>();
  const [pending, setPending] = useState(false);
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null);

  /** The second step as the latest refusal leaves it: its fresh passkey options, what it said. */
  function stepAfter(step: SecondStep, refusal: LoginRefusal & { kind: 'codeRequired' | 'throttled' }, said?: string): SecondStep {
    return {
      ...step,
      passkeyOptions: refusal.passkeyOptions,
      ...(refusal.kind === 'codeRequired' ? { passkeyRequired: refusal.passkeyRequired } : { throttled: true }),
      refusal: said,
    };
  }

  async function attempt(signIn: () => Promise<unknown>, step: SecondStep, answered: 'password' | 'code' | 'passkey') {
    setPending(true);
    try {
      await signIn();
      toast.success(t('login.success'));
    } catch (error) {
      const refusal = loginRefusal(error);
      if (refusal.kind === 'codeRequired') {
        const said = localize(refusal.error);
        if (answered === 'code' && !refusal.passkeyRequired) codeForm.setFields([{ name: 'code', value: '', errors: [said] }]);
        const next = stepAfter(
          step,
          refusal,
          answered === 'passkey' || (answered === 'code' && refusal.passkeyRequired) ? said : undefined,
        );
        const ownersRule = codedMessageOf(refusal.error)?.code === 'passkeyRequiredForOwners';
        setSecondStep(answered === 'password' && ownersRule ? { ...next, passkeyOnlyBecause: said } : next);
      } else if (refusal.kind === 'throttled') {
        toast.error(t('login.failed'), localize(refusal.error));
        setSecondStep(stepAfter(step, refusal));
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
    if (!credentials) return;
    const step = { username: credentials.username, password: credentials.password };
    void attempt(() => login(step), step, 'password');
  }

  function submitCode(values: CodeValues) {
    if (!secondStep) return;
    const { username, password } = secondStep;
    const checked = checkWithSchema(codeForm, adminLoginSchema, { username, password, code: values.code ?? '' }, localize);
    if (!checked) return;
    if (!checked.code) {
      codeForm.setFields([{ name: 'code', errors: [t('server.twoFactorCodeRequired')] }]);
      return;
    }
    void attempt(() => login({ username, password, code: checked.code }), secondStep, 'code');
  }

  async function signInWithPasskey() {
    if (!secondStep?.passkeyOptions) return;
    const step = secondStep;
    let response: unknown;
    try {
      response = await answerWithPasskey(step.passkeyOptions!);
    } catch (error) {
      setSecondStep({ ...step, refusal: failure(error) });
      return;
    }
    await attempt(() => loginWithPasskey({ username: step.username, password: step.password, response }), step, 'passkey');
  }

  function back() {
    setSecondStep(null);
    codeForm.resetFields();
  }

  if (!secondStep) {
    return (
      <LoginShell title={t('header.title')} width={400}>
        <Form key="password" form={form} layout="vertical" onFinish={submitPassword} requiredMark={false}>
          <Form.Item label={t('server.fieldUsername')} name="username">
            <Input autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item label={t('server.fieldPassword')} name="password">
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={pending}>
            {pending ? t('login.pending') : t('login.submit')}
          </Button>
        </Form>
      </LoginShell>
    );
  }

  const offerPasskey = Boolean(secondStep.passkeyOptions) && passkeysHere;
  return (
    <LoginShell title={t('header.title')} width={400}>
      {/* Keyed: each step is its own Form (a Form keeps the store it was mounted with). */}
      <Form key="code" form={codeForm} layout="vertical" onFinish={submitCode} requiredMark={false}>
        <Typography.Paragraph>{t(introOf(secondStep, passkeysHere), { username: secondStep.username })}</Typography.Paragraph>
        {secondStep.passkeyOnlyBecause && <Alert type="info" showIcon title={secondStep.passkeyOnlyBecause} style={{ marginBottom: 16 }} />}
        {secondStep.refusal && <Alert type="error" showIcon title={secondStep.refusal} role="alert" style={{ marginBottom: 16 }} />}
        {secondStep.passkeyOptions && !passkeysHere && (
          <Alert
            type={secondStep.passkeyRequired ? 'warning' : 'info'}
            showIcon
            title={t(secondStep.passkeyRequired ? 'login.passkeyUnavailable' : 'login.passkeyNotHere')}
            role="status"
            style={{ marginBottom: 16 }}
          />
        )}
        {offerPasskey && (
          <Button
            type={secondStep.passkeyRequired ? 'primary' : 'default'}
            block
            loading={pending}
            onClick={() => void signInWithPasskey()}
            style={{ marginBottom: 16 }}
          >
            {t('login.withPasskey')}
          </Button>
        )}
        {!secondStep.passkeyRequired && (
          <>
            <Form.Item label={t('login.code')} name="code" extra={t('login.codeHint')}>
              <Input
                className="admin-mono"
                autoComplete="one-time-code"
                autoCapitalize="off"
                spellCheck={false}
                autoFocus={!offerPasskey}
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={pending}>
              {pending ? t('login.pending') : t('login.verify')}
            </Button>
          </>
        )}
        <Button block onClick={back} style={{ marginTop: 8 }}>
          {t('login.back')}
        </Button>
      </Form>
    </LoginShell>
  );
}
