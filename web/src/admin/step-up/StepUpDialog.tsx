import { Alert, Form, Input, Modal, Typography, type InputRef } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { twoFactorDisableSchema } from '@stakedesk/shared/schemas';
import { useAdminMe } from '../api/queries.js';
import { checkWithSchema } from '../forms/form-errors.js';
import { useAdminI18n, useLocalizeMessage } from '../i18n.js';
import { useSession } from '../session/session.js';
import { isStepUpRefusal, type StepUpQuestion } from './step-up.js';

type ProofForm = { currentPassword?: string; code?: string };

// Named forms: antd makes field ids from form and field names, and the own-account forms ask for
// a current password too; one id twice would label the wrong field.

/**
 * Answers the API client's step-up questions: the current password, and a code when this admin
 * has two-factor on. A wrong answer stays here with the server's message; Cancel changes nothing.
 */
export function StepUpDialog() {
  const { t } = useAdminI18n();
  const localize = useLocalizeMessage();
  const { stepUp } = useSession();
  const { data: me } = useAdminMe();
  const [question, setQuestion] = useState<StepUpQuestion | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [form] = Form.useForm<ProofForm>();
  const passwordInput = useRef<InputRef>(null);
  // Unknown until /api/admin/me answers: then the code is asked for, and left out if blank.
  const withCode = me?.twoFactorEnabled !== false;

  useEffect(
    () =>
      stepUp.listen((next) => {
        setQuestion(next);
        setRefusal(null);
        form.resetFields();
      }),
    [stepUp, form],
  );

  async function submit(values: ProofForm) {
    if (!question) return;
    const currentPassword = values.currentPassword ?? '';
    const code = values.code?.trim() ?? '';
    let proof: { currentPassword: string; code?: string } | undefined;
    if (me?.twoFactorEnabled) {
      proof = checkWithSchema(form, twoFactorDisableSchema, { currentPassword, code }, localize);
    } else if (!currentPassword) {
      form.setFields([{ name: 'currentPassword', errors: [t('server.currentPasswordRequired')] }]);
    } else {
      proof = code ? checkWithSchema(form, twoFactorDisableSchema, { currentPassword, code }, localize) : { currentPassword };
    }
    if (!proof) return;
    setPending(true);
    setRefusal(null);
    try {
      await question.attempt(proof);
    } catch (error) {
      if (isStepUpRefusal(error)) {
        setRefusal(localize(error));
        form.setFieldsValue({ currentPassword: '', code: '' });
        passwordInput.current?.focus();
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <Modal
      open={question !== null}
      title={t('stepUp.title')}
      onCancel={() => question?.cancel()}
      onOk={() => form.submit()}
      okText={t('stepUp.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: pending }}
      destroyOnHidden
      maskClosable={false}
      // The dialog takes the focus when it opens; the password is what to type first.
      afterOpenChange={(open) => open && passwordInput.current?.focus()}
    >
      <Typography.Paragraph>{withCode ? t('stepUp.textCode') : t('stepUp.text')}</Typography.Paragraph>
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
      {refusal && <Alert type="error" showIcon title={refusal} role="alert" style={{ marginBottom: 16 }} />}
      <Form form={form} name="step-up" layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item label={t('stepUp.password')} name="currentPassword">
          <Input.Password ref={passwordInput} autoComplete="current-password" />
        </Form.Item>
        {withCode && (
          <Form.Item label={t('stepUp.code')} name="code" extra={t('login.codeHint')}>
            <Input className="admin-mono" autoComplete="one-time-code" autoCapitalize="off" spellCheck={false} />
          </Form.Item>
        )}
        {/* Enter in either field submits. */}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Modal>
  );
}
