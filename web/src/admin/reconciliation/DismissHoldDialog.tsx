import { Descriptions, Form, Input, Modal, Typography } from 'antd';
import type { AuditPayoutHold } from '@stakedesk/shared/api-types';
import type { SolanaCluster } from '@stakedesk/shared/format';
import { auditHoldDismissSchema } from '@stakedesk/shared/schemas';
import { TxLink } from '../components/TxLink.js';
import { checkWithSchema, recheckShownErrors, serverRefusal } from '../forms/form-errors.js';
import { useAdminI18n, useLocalizeMessage } from '../i18n.js';
import { isStepUpCancelled } from '../step-up/step-up.js';
import { useToast } from '../toast.js';
import { useDismissHold } from './api.js';

type DismissForm = { note?: string };

/**
 * An owner dismisses a hold the audit put on a payout found on chain (DESIGN 19): the holder's
 * withdrawals of that amount become payable again. A note kept in the audit log; confirmed with
 * the step-up the panel asks for every owner change.
 */
export function DismissHoldDialog({
  hold,
  amount,
  cluster,
  onClose,
}: {
  hold: AuditPayoutHold | null;
  amount: string;
  cluster: SolanaCluster | undefined;
  onClose: () => void;
}) {
  const { t } = useAdminI18n();
  const localize = useLocalizeMessage();
  const toast = useToast();
  const [form] = Form.useForm<DismissForm>();
  const close = () => {
    form.resetFields();
    onClose();
  };

  const dismiss = useDismissHold({
    onSuccess: () => {
      toast.success(t('audits.dismissed'));
      close();
    },
    onError: (error) => {
      if (!isStepUpCancelled(error)) toast.error(t('audits.dismissFailed'), serverRefusal(form, error, localize));
    },
  });

  const input = (values: DismissForm) => ({ note: values.note?.trim() ?? '' });
  function submit(values: DismissForm) {
    if (!hold) return;
    const checked = checkWithSchema(form, auditHoldDismissSchema, input(values), localize);
    if (checked) dismiss.mutate({ id: hold.id, note: checked.note });
  }

  return (
    <Modal
      open={hold !== null}
      title={t('audits.dismissTitle')}
      onCancel={close}
      onOk={() => form.submit()}
      okText={t('audits.dismissSubmit')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: dismiss.isPending, danger: true }}
      maskClosable={false}
      destroyOnHidden
    >
      {hold && (
        <>
          <Typography.Paragraph>{t('audits.dismissIntro')}</Typography.Paragraph>
          <Descriptions
            column={1}
            size="small"
            style={{ marginBottom: 16 }}
            items={[
              { key: 'transaction', label: t('audits.tx'), children: <TxLink txId={hold.signature} cluster={cluster} /> },
              { key: 'wallet', label: t('audits.holdWallet'), children: <span className="admin-mono admin-address">{hold.wallet}</span> },
              { key: 'amount', label: t('audits.holdAmount'), children: amount },
            ]}
          />
          <Form
            form={form}
            name="dismiss-hold"
            layout="vertical"
            onFinish={submit}
            onValuesChange={(changed: Record<string, unknown>, all: DismissForm) =>
              recheckShownErrors(form, changed, auditHoldDismissSchema, input(all), localize)
            }
            requiredMark={false}
          >
            <Form.Item label={t('audits.dismissNote')} name="note" extra={t('audits.dismissNoteHint')}>
              <Input.TextArea rows={3} />
            </Form.Item>
          </Form>
          <Typography.Text type="secondary">{t('resolve.stepUpHint')}</Typography.Text>
        </>
      )}
    </Modal>
  );
}
