import { Alert, App, Button, Card, Form, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { AdminMe, Passkey } from '@stakedesk/shared/api-types';
import { passkeyRenameSchema } from '@stakedesk/shared/schemas';
import { checkWithSchema } from '../components/form-errors.js';
import { useAdminFormat } from '../format.js';
import { useAdminI18n, useLocalizeMessage } from '../i18n.js';
import { usePasskeyFailure } from '../core/passkeys/use-passkey-failure.js';
import { passkeysAvailable } from '../core/passkeys/webauthn.js';
import { usePlatform } from '../platform.js';
import { isStepUpCancelled } from '../core/api/step-up.js';
import { useToast } from '../toast.js';
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from './api.js';

type NameForm = { name?: string };

/**
 * The admin's passkeys (DESIGN 17): each with its name, when it was added and last used; add one
 * (named), rename one, remove one. Adding and removing are step-up changes. Where passkeys cannot
 * be used (the desktop app, a browser without WebAuthn) the list stays and says why nothing is offered.
 */
export function PasskeysCard({ me }: { me: AdminMe }) {
  const { t } = useAdminI18n();
  const format = useAdminFormat();
  const available = passkeysAvailable(usePlatform());
  const { data: passkeys } = usePasskeys();
  return (
    <Card
      title={t('passkeys.title')}
      extra={<Tag color={me.passkeyCount > 0 ? 'green' : 'default'}>{format.count(me.passkeyCount)}</Tag>}
      style={{ marginTop: 16 }}
    >
      <Typography.Paragraph type="secondary">{t('passkeys.text')}</Typography.Paragraph>
      {me.passkeyRequired && <Alert type="info" showIcon title={t('passkeys.requiredForOwners')} style={{ marginBottom: 16 }} />}
      {!available && <Alert type="warning" showIcon title={t('passkeys.unavailable')} role="status" style={{ marginBottom: 16 }} />}
      {passkeys && passkeys.length > 0 && (
        <ul className="admin-passkeys" aria-label={t('passkeys.listLabel')}>
          {passkeys.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} />
          ))}
        </ul>
      )}
      {passkeys?.length === 0 && <Typography.Paragraph>{t('passkeys.none')}</Typography.Paragraph>}
      {available && <AddPasskey />}
    </Card>
  );
}

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const { t } = useAdminI18n();
  const format = useAdminFormat();
  const localize = useLocalizeMessage();
  const toast = useToast();
  const { modal } = App.useApp();
  const remove = useRemovePasskey();
  const [renaming, setRenaming] = useState(false);

  function confirmRemove() {
    modal.confirm({
      title: t('passkeys.removeTitle', { name: passkey.name }),
      content: t('passkeys.removeText'),
      okText: t('passkeys.remove'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        remove.mutateAsync(passkey.id).then(
          () => toast.success(t('passkeys.removed'), passkey.name),
          (error: Error) => {
            if (!isStepUpCancelled(error)) toast.error(t('passkeys.removeFailed'), localize(error));
          },
        ),
    });
  }

  return (
    <li>
      <div className="admin-passkey-name">{passkey.name}</div>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('passkeys.added', { date: format.dateTime(passkey.createdAt) })}
        {' · '}
        {passkey.lastUsedAt ? t('passkeys.lastUsed', { date: format.dateTime(passkey.lastUsedAt) }) : t('passkeys.neverUsed')}
      </Typography.Paragraph>
      {renaming ? (
        <RenamePasskey passkey={passkey} onDone={() => setRenaming(false)} />
      ) : (
        <Space wrap style={{ marginTop: 8 }}>
          <Button size="small" onClick={() => setRenaming(true)} aria-label={t('passkeys.renameLabel', { name: passkey.name })}>
            {t('passkeys.rename')}
          </Button>
          <Button
            size="small"
            danger
            onClick={confirmRemove}
            loading={remove.isPending}
            aria-label={t('passkeys.removeLabel', { name: passkey.name })}
          >
            {t('passkeys.remove')}
          </Button>
        </Space>
      )}
    </li>
  );
}

function RenamePasskey({ passkey, onDone }: { passkey: Passkey; onDone: () => void }) {
  const { t } = useAdminI18n();
  const localize = useLocalizeMessage();
  const toast = useToast();
  const rename = useRenamePasskey();
  const [form] = Form.useForm<NameForm>();

  function submit(values: NameForm) {
    const input = checkWithSchema(form, passkeyRenameSchema, { name: values.name ?? '' }, localize);
    if (!input) return;
    rename.mutate(
      { id: passkey.id, name: input.name },
      {
        onSuccess: () => {
          toast.success(t('passkeys.renamed'), input.name);
          onDone();
        },
        onError: (error) => toast.error(t('passkeys.renameFailed'), localize(error)),
      },
    );
  }

  return (
    <Form
      form={form}
      name={`passkey-rename-${passkey.id}`}
      layout="vertical"
      onFinish={submit}
      requiredMark={false}
      initialValues={{ name: passkey.name }}
      style={{ marginTop: 8 }}
    >
      <Form.Item label={t('passkeys.newName')} name="name">
        <Input autoFocus maxLength={64} />
      </Form.Item>
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={rename.isPending}>
          {t('passkeys.saveName')}
        </Button>
        <Button onClick={onDone}>{t('common.cancel')}</Button>
      </Space>
    </Form>
  );
}

function AddPasskey() {
  const { t } = useAdminI18n();
  const localize = useLocalizeMessage();
  const failure = usePasskeyFailure();
  const toast = useToast();
  const add = useAddPasskey();
  const [form] = Form.useForm<NameForm>();

  function submit(values: NameForm) {
    const input = checkWithSchema(form, passkeyRenameSchema, { name: values.name ?? '' }, localize);
    if (!input) return;
    add.mutate(input.name, {
      onSuccess: (passkey) => {
        form.resetFields();
        toast.success(t('passkeys.addedToast'), passkey.name);
      },
      onError: (error) => {
        if (!isStepUpCancelled(error)) toast.error(t('passkeys.addFailed'), failure(error));
      },
    });
  }

  return (
    <Form form={form} name="passkey-add" layout="vertical" onFinish={submit} requiredMark={false}>
      <Form.Item label={t('passkeys.name')} name="name" extra={t('passkeys.nameHint')}>
        <Input maxLength={64} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={add.isPending}>
        {t('passkeys.add')}
      </Button>
    </Form>
  );
}
