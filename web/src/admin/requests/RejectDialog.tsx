import { Form, Input, Modal, Typography } from 'antd';
import type { ChangeRequest } from '@stakedesk/shared/api-types';
import { changeRequestRejectSchema } from '@stakedesk/shared/schemas';
import { checkWithSchema, recheckShownErrors, serverRefusal } from '../components/form-errors.js';
import { useAdminI18n, useLocalizeMessage } from '../i18n.js';
import { useToast } from '../toast.js';
import { useRejectRequest } from './api.js';

type RejectForm = { reason?: string };

/** An owner ends a pending request with a reason, which the owner who asked reads (no step-up: refusing a change is a brake). */
export function RejectDialog({ request, onClose }: { request: ChangeRequest | null; onClose: () => void }) {
  const { t } = useAdminI18n();
  const localize = useLocalizeMessage();
  const toast = useToast();
  const [form] = Form.useForm<RejectForm>();
  const close = () => {
    form.resetFields();
    onClose();
  };

  const reject = useRejectRequest({
    onSuccess: () => {
      toast.success(t('requests.rejected'));
      close();
    },
    onError: (error) => toast.error(t('requests.rejectFailed'), serverRefusal(form, error, localize)),
  });

  const input = (values: RejectForm) => ({ reason: values.reason?.trim() ?? '' });
  function submit(values: RejectForm) {
    if (!request) return;
    const checked = checkWithSchema(form, changeRequestRejectSchema, input(values), localize);
    if (checked) reject.mutate({ request, reason: checked.reason });
  }

  return (
    <Modal
      open={request !== null}
      title={request ? t('requests.rejectTitle', { id: request.id }) : ''}
      onCancel={close}
      onOk={() => form.submit()}
      okText={t('requests.reject')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: reject.isPending, danger: true }}
      maskClosable={false}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('requests.rejectIntro')}</Typography.Paragraph>
      <Form
        form={form}
        name="reject-request"
        layout="vertical"
        onFinish={submit}
        onValuesChange={(changed: Record<string, unknown>, all: RejectForm) =>
          recheckShownErrors(form, changed, changeRequestRejectSchema, input(all), localize)
        }
        requiredMark={false}
      >
        <Form.Item label={t('server.fieldReason')} name="reason">
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
