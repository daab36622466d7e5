import { Descriptions, Form, Input, Modal, Typography } from 'antd';
import type { SolanaCluster } from '@stakedesk/shared/format';
import type { Schema } from 'yup';
import { TxLink } from '../components/TxLink.js';
import { checkWithSchema, recheckShownErrors, serverRefusal } from '../components/form-errors.js';
import { useAdminI18n, useLocalizeMessage } from '../i18n.js';
import { isStepUpCancelled } from '../core/api/step-up.js';
import { useToast } from '../toast.js';

type NoteForm = { note?: string };

/** A transfer on chain an owner writes a note about. */
export type NotedTransfer = { signature: string; wallet: string };

/** The dialog's own words, each already in the panel's language. */
export type TransferNoteWords = {
  title: string;
  intro: string;
  tx: string;
  wallet: string;
  amount: string;
  note: string;
  noteHint: string;
  submit: string;
  done: string;
  failed: string;
};

/** The owner's change the note makes (a step-up change: the client asks for the password). */
export type SaveNote = {
  isPending: boolean;
  mutate: (note: string, after: { onSuccess: () => void; onError: (error: Error) => void }) => void;
};

/**
 * An owner's note on a transfer found on chain, kept in the audit log: the transaction, the wallet
 * and the amount, then the note, checked by the server's own schema; confirmed with the step-up the
 * panel asks for every owner change. The Reconciliation tab's outflows and payout holds both use it.
 */
export function TransferNoteDialog({
  transfer,
  amount,
  cluster,
  formName,
  schema,
  words,
  save,
  danger = false,
  onClose,
}: {
  transfer: NotedTransfer | null;
  amount: string;
  cluster: SolanaCluster | undefined;
  formName: string;
  schema: Schema<{ note: string }>;
  words: TransferNoteWords;
  save: SaveNote;
  danger?: boolean;
  onClose: () => void;
}) {
  const { t } = useAdminI18n();
  const localize = useLocalizeMessage();
  const toast = useToast();
  const [form] = Form.useForm<NoteForm>();
  const close = () => {
    form.resetFields();
    onClose();
  };

  const input = (values: NoteForm) => ({ note: values.note?.trim() ?? '' });
  function submit(values: NoteForm) {
    if (!transfer) return;
    const checked = checkWithSchema(form, schema, input(values), localize);
    if (!checked) return;
    save.mutate(checked.note, {
      onSuccess: () => {
        toast.success(words.done);
        close();
      },
      onError: (error) => {
        if (!isStepUpCancelled(error)) toast.error(words.failed, serverRefusal(form, error, localize));
      },
    });
  }

  return (
    <Modal
      open={transfer !== null}
      title={words.title}
      onCancel={close}
      onOk={() => form.submit()}
      okText={words.submit}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: save.isPending, danger }}
      maskClosable={false}
      destroyOnHidden
    >
      {transfer && (
        <>
          <Typography.Paragraph>{words.intro}</Typography.Paragraph>
          <Descriptions
            column={1}
            size="small"
            style={{ marginBottom: 16 }}
            items={[
              { key: 'transaction', label: words.tx, children: <TxLink txId={transfer.signature} cluster={cluster} /> },
              { key: 'wallet', label: words.wallet, children: <span className="admin-mono admin-address">{transfer.wallet}</span> },
              { key: 'amount', label: words.amount, children: amount },
            ]}
          />
          <Form
            form={form}
            name={formName}
            layout="vertical"
            onFinish={submit}
            onValuesChange={(changed: Record<string, unknown>, all: NoteForm) =>
              recheckShownErrors(form, changed, schema, input(all), localize)
            }
            requiredMark={false}
          >
            <Form.Item label={words.note} name="note" extra={words.noteHint}>
              <Input.TextArea rows={3} />
            </Form.Item>
          </Form>
          <Typography.Text type="secondary">{t('resolve.stepUpHint')}</Typography.Text>
        </>
      )}
    </Modal>
  );
}
