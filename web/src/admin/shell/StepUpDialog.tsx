import { Alert, Button, Form, Input, Modal, Typography, type InputRef } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { AdminMe, PasskeyOptionsJson } from '@stakedesk/shared/api-types';
import { twoFactorDisableSchema } from '@stakedesk/shared/schemas';
import { useAdminMe } from '../core/queries/queries.js';
import { checkWithSchema } from '../components/form-errors.js';
import type { AdminMessageKey } from '../../i18n/admin-en.js';
import { useAdminI18n, useLocalizeMessage } from '../i18n.js';
import { usePasskeyFailure } from '../core/passkeys/use-passkey-failure.js';
import { answerWithPasskey, passkeysAvailable } from '../core/passkeys/webauthn.js';
import { usePlatform } from '../platform.js';
import { useAdminClient, useSession } from '../core/session/session.js';
import { isStepUpRefusal, type StepUpProof, type StepUpQuestion } from '../core/api/step-up.js';

type ProofForm = { currentPassword?: string; code?: string };

/** What the dialog asks for beside the password: a code, a passkey, either, or nothing. */
function secondFactorAsked(me: AdminMe | undefined, passkeysHere: boolean) {
  // Unknown until /api/admin/me answers: then the code is asked for, and left out if blank.
  const code = me?.twoFactorEnabled !== false && !me?.passkeyRequired;
  const passkey = (me?.passkeyCount ?? 0) > 0 && passkeysHere;
  const text: AdminMessageKey = passkey
    ? code
      ? 'stepUp.textCodeOrPasskey'
      : 'stepUp.textPasskey'
    : code
      ? 'stepUp.textCode'
      : 'stepUp.text';
  // A passkey this shell cannot use (the desktop app), when nothing else will do.
  const passkeyOutOfReach =
    !passkeysHere && (me?.passkeyRequired === true || ((me?.passkeyCount ?? 0) > 0 && me?.twoFactorEnabled === false));
  return { code, passkey, text, passkeyOutOfReach };
}

// Named forms: antd makes field ids from form and field names, and the own-account forms ask for
// a current password too; one id twice would label the wrong field.

/**
 * Answers the API client's step-up questions: the current password, and a code when this admin
 * has two-factor on, or a passkey when they have one (DESIGN 17). A wrong answer stays here with
 * the server's message; Cancel changes nothing.
 */
export function StepUpDialog() {
  const { t } = useAdminI18n();
  const localize = useLocalizeMessage();
  const failure = usePasskeyFailure();
  const client = useAdminClient();
  const { stepUp } = useSession();
  const { data: me } = useAdminMe();
  const asked = secondFactorAsked(me, passkeysAvailable(usePlatform()));
  const [question, setQuestion] = useState<StepUpQuestion | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [form] = Form.useForm<ProofForm>();
  const passwordInput = useRef<InputRef>(null);

  useEffect(
    () =>
      stepUp.listen((next) => {
        setQuestion(next);
        setRefusal(null);
        form.resetFields();
      }),
    [stepUp, form],
  );

  /** Sends the proof; a refusal (wrong password, code or passkey) stays here, said in the reader's words. */
  async function send(proof: () => Promise<StepUpProof>) {
    if (!question) return;
    setPending(true);
    setRefusal(null);
    try {
      await question.attempt(await proof());
    } catch (error) {
      if (isStepUpRefusal(error)) form.setFieldsValue({ currentPassword: '', code: '' });
      setRefusal(failure(error));
      passwordInput.current?.focus();
    } finally {
      setPending(false);
    }
  }

  function currentPassword(): string | undefined {
    const password = form.getFieldValue('currentPassword') as string | undefined;
    if (password) return password;
    form.setFields([{ name: 'currentPassword', errors: [t('server.currentPasswordRequired')] }]);
    return undefined;
  }

  function submit(values: ProofForm) {
    if (!asked.code && asked.passkey) return confirmWithPasskey();
    const password = values.currentPassword ?? '';
    const code = values.code?.trim() ?? '';
    let proof: StepUpProof | undefined;
    if (me?.twoFactorEnabled && !me.passkeyRequired) {
      proof = checkWithSchema(form, twoFactorDisableSchema, { currentPassword: password, code }, localize);
    } else if (!password) {
      currentPassword();
    } else {
      proof = code
        ? checkWithSchema(form, twoFactorDisableSchema, { currentPassword: password, code }, localize)
        : { currentPassword: password };
    }
    if (proof) void send(async () => proof);
  }

  function confirmWithPasskey() {
    const password = currentPassword();
    if (!password) return;
    void send(async () => {
      const options = await client.send<PasskeyOptionsJson>('POST', '/api/admin/me/passkeys/step-up-options', undefined, { stepUp: false });
      return { currentPassword: password, passkeyResponse: await answerWithPasskey(options) };
    });
  }

  return (
    <Modal
      open={question !== null}
      title={t('stepUp.title')}
      onCancel={() => question?.cancel()}
      onOk={() => form.submit()}
      okText={!asked.code && asked.passkey ? t('stepUp.confirmPasskey') : t('stepUp.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: pending }}
      destroyOnHidden
      maskClosable={false}
      // The dialog takes the focus when it opens; the password is what to type first.
      afterOpenChange={(open) => open && passwordInput.current?.focus()}
    >
      <Typography.Paragraph>{t(asked.text)}</Typography.Paragraph>
      {question && question.changes.length > 0 && (
        <dl className="admin-step-up-changes">
          {question.changes.map((change) => (
            <div key={change.label}>
              <dt>{change.label}</dt>
              <dd>
                <span className="admin-step-up-label">{t('stepUp.from')}</span> <span className="admin-mono">{change.from}</span>
              </dd>
              <dd>
                <span className="admin-step-up-label">{t('stepUp.to')}</span> <strong className="admin-mono">{change.to}</strong>
              </dd>
            </div>
          ))}
        </dl>
      )}
      {asked.passkeyOutOfReach && <Alert type="warning" showIcon title={t('stepUp.passkeyUnavailable')} style={{ marginBottom: 16 }} />}
      {refusal && <Alert type="error" showIcon title={refusal} role="alert" style={{ marginBottom: 16 }} />}
      <Form form={form} name="step-up" layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item label={t('server.fieldCurrentPassword')} name="currentPassword">
          <Input.Password ref={passwordInput} autoComplete="current-password" />
        </Form.Item>
        {asked.code && (
          <Form.Item label={t('stepUp.code')} name="code" extra={t('login.codeHint')}>
            <Input className="admin-mono" autoComplete="one-time-code" autoCapitalize="off" spellCheck={false} />
          </Form.Item>
        )}
        {/* Enter in either field submits. */}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
      {asked.code && asked.passkey && (
        <Button block onClick={confirmWithPasskey} loading={pending}>
          {t('stepUp.usePasskey')}
        </Button>
      )}
    </Modal>
  );
}
