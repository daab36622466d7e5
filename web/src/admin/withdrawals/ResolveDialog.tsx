import { Descriptions, Form, Input, Modal, Radio, Space, Typography } from 'antd';
import type { AdminWithdrawal } from '@stakedesk/shared/api-types';
import type { SolanaCluster } from '@stakedesk/shared/format';
import { withdrawalResolveSchema } from '@stakedesk/shared/schemas';
import type { ReviewResolution } from '@stakedesk/shared/stake-status';
import { TxLink } from '../components/TxLink.js';
import { checkWithSchema, serverRefusal } from '../components/form-errors.js';
import { useAdminFormat } from '../format.js';
import { useAdminI18n, useLocalizeMessage } from '../i18n.js';
import { isStepUpCancelled } from '../core/api/step-up.js';
import { useToast } from '../toast.js';
import { useResolveWithdrawal } from './api.js';
import { PayoutReason } from './PayoutReason.js';

type ResolveForm = { action?: ReviewResolution; note?: string };

/**
 * An owner's decision on a withdrawal whose payout landed but did not pay it as owed: why (the
 * server's reason), the transaction, the two choices and what each does, a note for the audit
 * log; confirmed with the step-up the panel asks for every owner change.
 */
export function ResolveDialog({
  withdrawal,
  symbol,
  cluster,
  onClose,
}: {
  withdrawal: AdminWithdrawal | null;
  symbol: string;
  cluster: SolanaCluster | undefined;
  onClose: () => void;
}) {
  const { t } = useAdminI18n();
  const format = useAdminFormat();
  const localize = useLocalizeMessage();
  const toast = useToast();
  const [form] = Form.useForm<ResolveForm>();
  const close = () => {
    form.resetFields();
    onClose();
  };

  const resolve = useResolveWithdrawal({
    onSuccess: (_withdrawal, { decision }) => {
      toast.success(decision.action === 'paid' ? t('resolve.donePaid') : t('resolve.doneRelease'));
      close();
    },
    onError: (error) => {
      if (!isStepUpCancelled(error)) toast.error(t('resolve.failed'), serverRefusal(form, error, localize));
    },
  });

  function submit(values: ResolveForm) {
    if (!withdrawal) return;
    const input = checkWithSchema(form, withdrawalResolveSchema, { action: values.action, note: values.note?.trim() ?? '' }, localize);
    if (input) resolve.mutate({ withdrawal, decision: { action: input.action, note: input.note } });
  }

  const payout = withdrawal?.payout;
  return (
    <Modal
      open={withdrawal !== null}
      title={t('resolve.title')}
      onCancel={close}
      onOk={() => form.submit()}
      okText={t('resolve.submit')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: resolve.isPending }}
      maskClosable={false}
      destroyOnHidden
    >
      {withdrawal && payout && (
        <>
          <Typography.Paragraph style={{ marginBottom: 4 }}>{t('resolve.intro', { id: payout.id })}</Typography.Paragraph>
          <Typography.Paragraph>
            <PayoutReason payout={payout} />
          </Typography.Paragraph>
          <Descriptions
            column={1}
            size="small"
            style={{ marginBottom: 16 }}
            items={[
              {
                key: 'wallet',
                label: t('withdrawals.wallet'),
                children: <span className="admin-mono admin-address">{withdrawal.walletAddress}</span>,
              },
              { key: 'owed', label: t('withdrawals.netAmount'), children: format.tokens(withdrawal.finalAmount, symbol) },
              { key: 'transaction', label: t('resolve.transaction'), children: <TxLink txId={payout.signature} cluster={cluster} /> },
            ]}
          />
          <Form form={form} name="resolve-review" layout="vertical" onFinish={submit} requiredMark={false}>
            <Form.Item label={t('resolve.action')} name="action">
              <Radio.Group className="admin-choices">
                <Space direction="vertical">
                  <Radio value="paid">
                    <strong>{t('resolve.paid')}</strong>
                    <Typography.Text type="secondary" className="admin-block">
                      {t('resolve.paidHint')}
                    </Typography.Text>
                  </Radio>
                  <Radio value="release">
                    <strong>{t('resolve.release')}</strong>
                    <Typography.Text type="secondary" className="admin-block">
                      {t('resolve.releaseHint')}
                    </Typography.Text>
                  </Radio>
                </Space>
              </Radio.Group>
            </Form.Item>
            <Form.Item label={t('server.fieldNote')} name="note" extra={t('resolve.noteHint')}>
              <Input.TextArea rows={3} />
            </Form.Item>
          </Form>
          <Typography.Text type="secondary">{t('resolve.stepUpHint')}</Typography.Text>
        </>
      )}
    </Modal>
  );
}
