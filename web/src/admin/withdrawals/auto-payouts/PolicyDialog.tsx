import { Button, Col, Form, Modal, Row, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import type { AdminSettings } from '@stakedesk/shared/api-types';
import type { AutoPayoutPolicy } from '@stakedesk/shared/auto-payout';
import { settingsSchema } from '@stakedesk/shared/schemas';
import { useAskedNotice } from '../../core/change-requests/asked.js';
import { useSaveSettings } from '../../core/settings/save-settings.js';
import { NumberBox } from '../../components/NumberBox.js';
import { checkWithSchema, recheckShownErrors, serverRefusal } from '../../components/form-errors.js';
import { useAdminI18n, useLocalizeMessage } from '../../i18n.js';
import { isStepUpCancelled } from '../../core/api/step-up.js';
import { useToast } from '../../toast.js';
import { withPolicy } from './api.js';

/** The policy as typed: numbers stay text until the shared schema reads them. */
type PolicyForm = { autoPayout: Omit<AutoPayoutPolicy, 'newWalletDelayHours'> & { newWalletDelayHours: number | string } };

const AMOUNTS = [
  ['maxPerWithdrawal', 'autoPayouts.maxPerWithdrawal'],
  ['maxPer24h', 'autoPayouts.maxPer24h'],
  ['minHotBalance', 'autoPayouts.minHotBalance'],
] as const;

/** An owner's form for the five fields of the policy; saving it asks for a step-up when it lets the server pay more. */
export function PolicyDialog({ open, settings, onClose }: { open: boolean; settings: AdminSettings; onClose: () => void }) {
  const { t } = useAdminI18n();
  const localize = useLocalizeMessage();
  const toast = useToast();
  const [form] = Form.useForm<PolicyForm>();

  // The saved policy when it opens; a change of it under an open form keeps what the owner typed.
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const asked = useAskedNotice();
  const save = useSaveSettings({
    onSuccess: ({ changeRequest }) => {
      if (changeRequest) asked(changeRequest);
      else toast.success(t('autoPayouts.saved'));
      onClose();
    },
    onError: (error) => {
      if (!isStepUpCancelled(error)) toast.error(t('autoPayouts.saveFailed'), serverRefusal(form, error, localize));
    },
  });

  const input = (values: PolicyForm) =>
    withPolicy(settings, { ...values.autoPayout, newWalletDelayHours: String(values.autoPayout.newWalletDelayHours ?? '') });

  function submit(values: PolicyForm) {
    const checked = checkWithSchema(form, settingsSchema, input(values), localize, ({ message }) =>
      toast.error(t('autoPayouts.saveFailed'), t('forms.notSaved', { reason: message })),
    );
    if (checked) save.mutate(checked);
  }

  return (
    <Modal
      open={open}
      title={t('autoPayouts.editTitle')}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button key="submit" type="primary" loading={save.isPending} onClick={() => form.submit()}>
          {save.isPending ? t('autoPayouts.saving') : t('autoPayouts.save')}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">{t('autoPayouts.editHint')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        onValuesChange={(changed: Record<string, unknown>, all: PolicyForm) =>
          recheckShownErrors(form, changed, settingsSchema, input(all), localize)
        }
        initialValues={{ autoPayout: settings.autoPayout }}
        requiredMark={false}
      >
        <Form.Item label={t('server.fieldAutoPayout')} name={['autoPayout', 'enabled']} valuePropName="checked">
          <Switch checkedChildren={t('autoPayouts.on')} unCheckedChildren={t('autoPayouts.off')} />
        </Form.Item>
        <Row gutter={16}>
          {AMOUNTS.map(([field, label]) => (
            <Col key={field} xs={24} sm={12}>
              <Form.Item label={t(label)} name={['autoPayout', field]}>
                <NumberBox />
              </Form.Item>
            </Col>
          ))}
          <Col xs={24} sm={12}>
            <Form.Item label={t('autoPayouts.newWalletDelayHours')} name={['autoPayout', 'newWalletDelayHours']}>
              <NumberBox whole />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
