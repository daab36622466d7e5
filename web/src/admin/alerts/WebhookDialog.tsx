import { Button, Checkbox, Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import type { AdminWebhook, CreatedWebhook } from '@stakedesk/shared/api-types';
import { webhookSchema } from '@stakedesk/shared/schemas';
import { urlIsSecret, WEBHOOK_EVENTS, WEBHOOK_KINDS, type WebhookEvent, type WebhookKind } from '@stakedesk/shared/webhooks';
import { checkWithSchema, serverRefusal } from '../components/form-errors.js';
import { useAdminI18n, useLocalizeMessage } from '../i18n.js';
import { useToast } from '../toast.js';
import { useSaveWebhook } from './api.js';

type WebhookForm = { kind?: WebhookKind; url?: string; events?: WebhookEvent[]; secret?: string; chatId?: string };

/**
 * 'New Webhook' or 'Edit Webhook'. Secrets are never shown again: editing, a blank secret (and a
 * blank Slack or Discord URL) keeps the saved one. A new signing secret goes to `onSecret`, once.
 */
export function WebhookDialog({
  open,
  webhook,
  onClose,
  onSecret,
}: {
  open: boolean;
  webhook: AdminWebhook | null;
  onClose: () => void;
  onSecret: (secret: string) => void;
}) {
  const { t } = useAdminI18n();
  const localize = useLocalizeMessage();
  const toast = useToast();
  const [form] = Form.useForm<WebhookForm>();
  const kind = Form.useWatch('kind', form) ?? 'standard';
  const sameKind = webhook?.kind === kind;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      webhook
        ? {
            kind: webhook.kind,
            url: urlIsSecret(webhook.kind) ? '' : webhook.url,
            events: webhook.events,
            chatId: webhook.chatId ?? '',
          }
        : { kind: 'standard', events: [...WEBHOOK_EVENTS] },
    );
  }, [open, webhook, form]);

  const save = useSaveWebhook(webhook, {
    onSuccess: (saved: CreatedWebhook) => {
      toast.success(webhook ? t('alerts.updated') : t('alerts.created'));
      onClose();
      if (saved.signingSecret) onSecret(saved.signingSecret);
    },
    onError: (error) => toast.error(webhook ? t('alerts.updateFailed') : t('alerts.createFailed'), serverRefusal(form, error, localize)),
  });

  function submit(values: WebhookForm) {
    const input = checkWithSchema(
      form,
      webhookSchema,
      {
        kind: values.kind,
        url: values.url ?? '',
        events: values.events ?? [],
        ...(values.secret ? { secret: values.secret } : {}),
        ...(kind === 'telegram' ? { chatId: values.chatId ?? '' } : {}),
      },
      localize,
    );
    if (input) save.mutate(input);
  }

  const urlHelp = urlIsSecret(kind)
    ? `${t('alerts.urlHelp.secret')}${sameKind ? ` ${t('alerts.urlKeep')}` : ''}`
    : kind === 'telegram'
      ? t('alerts.urlHelp.telegram')
      : t('alerts.urlHelp.standard');
  const secretHelp = sameKind ? t('alerts.secretKeep') : kind === 'standard' ? t('alerts.secretHelp.standard') : undefined;

  return (
    <Modal
      open={open}
      title={webhook ? t('alerts.editTitle') : t('alerts.createTitle')}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button key="submit" type="primary" loading={save.isPending} onClick={() => form.submit()}>
          {webhook ? t('alerts.update') : t('alerts.create')}
        </Button>,
      ]}
    >
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} autoComplete="off">
        <Form.Item label={t('alerts.kind')} name="kind">
          <Select<WebhookKind> options={WEBHOOK_KINDS.map((value) => ({ value, label: t(`alerts.kind.${value}`) }))} />
        </Form.Item>
        <Form.Item label={t('alerts.url')} name="url" extra={urlHelp}>
          <Input inputMode="url" autoComplete="off" />
        </Form.Item>
        {(kind === 'standard' || kind === 'telegram') && (
          <Form.Item label={t(`alerts.secret.${kind}`)} name="secret" extra={secretHelp}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        )}
        {kind === 'telegram' && (
          <Form.Item label={t('server.fieldChatId')} name="chatId">
            <Input autoComplete="off" />
          </Form.Item>
        )}
        <Form.Item label={t('server.fieldWebhookEvents')} name="events">
          <Checkbox.Group
            className="admin-alert-events"
            options={WEBHOOK_EVENTS.map((value) => ({ value, label: t(`alerts.event.${value}`) }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
