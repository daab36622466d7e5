import { Descriptions, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import type { Withdrawal } from '@stakedesk/shared/api-types';
import { useAdminFormat } from '../format.js';
import { useAdminI18n, useLocalizeMessage } from '../i18n.js';
import { useToast } from '../toast.js';
import { useProcessWithdrawal } from './api.js';

export type ProcessMode = 'complete' | 'reject';

/**
 * Completes a pending withdrawal with the payout's transaction id (the server checks it on chain),
 * or rejects it with a reason (the stake goes back to what it was).
 */
export function ProcessDialog({
  withdrawal,
  mode,
  symbol,
  onClose,
}: {
  withdrawal: Withdrawal | null;
  mode: ProcessMode;
  symbol: string;
  onClose: () => void;
}) {
  const { t } = useAdminI18n();
  const format = useAdminFormat();
  const localize = useLocalizeMessage();
  const toast = useToast();
  const [value, setValue] = useState('');
  const completing = mode === 'complete';

  const close = () => {
    setValue('');
    onClose();
  };

  const process = useProcessWithdrawal({
    onSuccess: () => {
      toast.success(completing ? t('withdrawals.processed') : t('withdrawals.rejected'));
      close();
    },
    onError: (error) => toast.error(completing ? t('withdrawals.processFailed') : t('withdrawals.rejectFailed'), localize(error)),
  });

  const submit = (target: Withdrawal) =>
    process.mutate({
      withdrawal: target,
      decision: completing ? { status: 'completed', txId: value.trim() } : { status: 'rejected', reason: value.trim() },
    });

  return (
    <Modal
      open={withdrawal !== null}
      title={completing ? t('withdrawals.processTitle') : t('withdrawals.rejectTitle')}
      onCancel={close}
      okText={completing ? t('withdrawals.process') : t('withdrawals.reject')}
      okButtonProps={{ disabled: value.trim() === '', loading: process.isPending, danger: !completing }}
      cancelText={t('common.cancel')}
      onOk={() => withdrawal && submit(withdrawal)}
      destroyOnHidden
    >
      {withdrawal && (
        <>
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'wallet', label: t('withdrawals.wallet'), children: <span className="admin-mono">{withdrawal.walletAddress}</span> },
              { key: 'net', label: t('withdrawals.netAmount'), children: format.tokens(withdrawal.finalAmount, symbol) },
            ]}
          />
          <Form layout="vertical" style={{ marginTop: 16 }} onFinish={() => value.trim() && submit(withdrawal)}>
            <Form.Item label={completing ? t('server.fieldTransactionId') : t('server.fieldReason')} htmlFor="withdrawal-process-input">
              {completing ? (
                <Input
                  id="withdrawal-process-input"
                  className="admin-mono"
                  value={value}
                  onChange={(event) => setValue(event.target.value)}
                  autoFocus
                />
              ) : (
                <Input.TextArea
                  id="withdrawal-process-input"
                  rows={3}
                  value={value}
                  onChange={(event) => setValue(event.target.value)}
                  autoFocus
                />
              )}
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}
