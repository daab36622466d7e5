import { Descriptions, Form, Input, Modal, Typography } from 'antd';
import type { TreasuryOutflow } from '@stakedesk/shared/api-types';
import type { SolanaCluster } from '@stakedesk/shared/format';
import { outflowExplainSchema } from '@stakedesk/shared/schemas';
import { TxLink } from '../components/TxLink.js';
import { checkWithSchema, recheckShownErrors, serverRefusal } from '../forms/form-errors.js';
import { useAdminI18n, useLocalizeMessage } from '../i18n.js';
import { isStepUpCancelled } from '../step-up/step-up.js';
import { useToast } from '../toast.js';
import { useExplainOutflow } from './api.js';

type ExplainForm = { note?: string };

/**
 * An owner's account of tokens that left the treasury outside the books: the transaction, the
 * wallet and the amount, a note kept in the audit log; confirmed with the step-up the panel asks
 * for every owner change. Automatic payouts may resume once nothing else is unexplained.
 */
export function ExplainOutflowDialog({
  outflow,
  amount,
  cluster,
  onClose,
}: {
  outflow: TreasuryOutflow | null;
  amount: string;
  cluster: SolanaCluster | undefined;
  onClose: () => void;
}) {
  const { t } = useAdminI18n();
  const localize = useLocalizeMessage();
  const toast = useToast();
  const [form] = Form.useForm<ExplainForm>();
  const close = () => {
    form.resetFields();
    onClose();
  };

  const explain = useExplainOutflow({
    onSuccess: () => {
      toast.success(t('outflows.explained'));
      close();
    },
    onError: (error) => {
      if (!isStepUpCancelled(error)) toast.error(t('outflows.explainFailed'), serverRefusal(form, error, localize));
    },
  });

  const input = (values: ExplainForm) => ({ note: values.note?.trim() ?? '' });
  function submit(values: ExplainForm) {
    if (!outflow) return;
    const checked = checkWithSchema(form, outflowExplainSchema, input(values), localize);
    if (checked) explain.mutate({ signature: outflow.signature, note: checked.note });
  }

  return (
    <Modal
      open={outflow !== null}
      title={t('outflows.explainTitle')}
      onCancel={close}
      onOk={() => form.submit()}
      okText={t('outflows.explainSubmit')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: explain.isPending }}
      maskClosable={false}
      destroyOnHidden
    >
      {outflow && (
        <>
          <Typography.Paragraph>{t('outflows.explainIntro')}</Typography.Paragraph>
          <Descriptions
            column={1}
            size="small"
            style={{ marginBottom: 16 }}
            items={[
              { key: 'transaction', label: t('outflows.tx'), children: <TxLink txId={outflow.signature} cluster={cluster} /> },
              { key: 'wallet', label: t('outflows.wallet'), children: <span className="admin-mono admin-address">{outflow.owner}</span> },
              { key: 'amount', label: t('outflows.amount'), children: amount },
            ]}
          />
          <Form
            form={form}
            name="explain-outflow"
            layout="vertical"
            onFinish={submit}
            onValuesChange={(changed: Record<string, unknown>, all: ExplainForm) =>
              recheckShownErrors(form, changed, outflowExplainSchema, input(all), localize)
            }
            requiredMark={false}
          >
            <Form.Item label={t('outflows.note')} name="note" extra={t('outflows.noteHint')}>
              <Input.TextArea rows={3} />
            </Form.Item>
          </Form>
          <Typography.Text type="secondary">{t('resolve.stepUpHint')}</Typography.Text>
        </>
      )}
    </Modal>
  );
}
