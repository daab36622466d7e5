import { Button, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import type { StakingPlan } from '@stakedesk/shared/api-types';
import { planSchema } from '@stakedesk/shared/schemas';
import { useAdminSettings } from '../core/queries/queries.js';
import { NumberBox } from '../components/NumberBox.js';
import { checkWithSchema, recheckShownErrors, serverRefusal } from '../components/form-errors.js';
import { useAdminI18n, useLocalizeMessage } from '../i18n.js';
import { useToast } from '../toast.js';
import { useSavePlan } from './api.js';

type PlanForm = {
  name?: string;
  description?: string;
  yieldRate?: string;
  durationDays?: number | string;
  /** A demo server's plans may last minutes instead (DESIGN 16). */
  durationMinutes?: number | string;
  minStakeAmount?: string;
  earlyPenaltyRate?: string;
  maxTotalStaked?: string | null;
  maxPerWallet?: string | null;
};

/** What the shared plan schema checks (and the server receives) for the dialog's values. */
function toInput(values: PlanForm) {
  // An emptied cap field is sent as null: the server removes the cap (absent would keep it).
  const caps = { maxTotalStaked: values.maxTotalStaked ?? null, maxPerWallet: values.maxPerWallet ?? null };
  return { ...values, ...caps, description: values.description ?? '' };
}

/** 'Create Staking Plan' or 'Edit Staking Plan' (the submit reads 'Create Plan' in both). */
export function PlanDialog({ open, plan, onClose }: { open: boolean; plan: StakingPlan | null; onClose: () => void }) {
  const { t } = useAdminI18n();
  const localize = useLocalizeMessage();
  const toast = useToast();
  const [form] = Form.useForm<PlanForm>();
  const minutesAllowed = Boolean(useAdminSettings().data?.demo);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    // A plan of minutes has 0 days, which is no value to edit.
    if (plan)
      form.setFieldsValue({
        ...plan,
        description: plan.description ?? '',
        durationDays: plan.durationMinutes ? undefined : plan.durationDays,
      });
  }, [open, plan, form]);

  const save = useSavePlan(plan, {
    onSuccess: () => {
      toast.success(plan ? t('plans.updated') : t('plans.created'));
      onClose();
    },
    onError: (error) => toast.error(plan ? t('plans.updateFailed') : t('plans.createFailed'), serverRefusal(form, error, localize)),
  });

  function submit(values: PlanForm) {
    const input = checkWithSchema(form, planSchema, toInput(values), localize, ({ message }) =>
      toast.error(plan ? t('plans.updateFailed') : t('plans.createFailed'), t('forms.notSaved', { reason: message })),
    );
    if (input) save.mutate(input);
  }

  return (
    <Modal
      open={open}
      title={plan ? t('plans.editTitle') : t('plans.createTitle')}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button key="submit" type="primary" loading={save.isPending} onClick={() => form.submit()}>
          {save.isPending ? t('plans.submitPending') : t('plans.submit')}
        </Button>,
      ]}
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        onValuesChange={(changed: Record<string, unknown>, all: PlanForm) =>
          recheckShownErrors(form, changed, planSchema, toInput(all), localize)
        }
        requiredMark={false}
      >
        <Form.Item label={t('plans.name')} name="name">
          <Input />
        </Form.Item>
        <Form.Item label={t('server.fieldDescription')} name="description">
          <Input.TextArea rows={2} />
        </Form.Item>
        <Form.Item label={t('plans.yieldRate')} name="yieldRate">
          <NumberBox />
        </Form.Item>
        <Form.Item label={t('plans.durationDays')} name="durationDays">
          <NumberBox whole />
        </Form.Item>
        {minutesAllowed && (
          <Form.Item label={t('plans.durationMinutes')} name="durationMinutes" extra={t('plans.durationMinutesHint')}>
            <NumberBox whole />
          </Form.Item>
        )}
        <Form.Item label={t('plans.minStake')} name="minStakeAmount">
          <NumberBox />
        </Form.Item>
        <Form.Item label={t('plans.penaltyRate')} name="earlyPenaltyRate">
          <NumberBox />
        </Form.Item>
        <Form.Item label={t('plans.maxTotalStaked')} name="maxTotalStaked" extra={t('plans.capHint')}>
          <NumberBox whole />
        </Form.Item>
        <Form.Item label={t('plans.maxPerWallet')} name="maxPerWallet">
          <NumberBox whole />
        </Form.Item>
      </Form>
    </Modal>
  );
}
