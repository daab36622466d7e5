import { Button, Card, Checkbox, Col, Form, Input, Row, Select, Skeleton, Switch } from 'antd';
import { useEffect } from 'react';
import type { AdminSettings } from '@stakedesk/shared/api-types';
import { MAINTENANCE_TYPES } from '@stakedesk/shared/constants';
import { holderRpcEndpoint } from '@stakedesk/shared/holder-rpc';
import { settingsSchema } from '@stakedesk/shared/schemas';
import { useAdminSettings } from '../core/queries/queries.js';
import { NumberBox } from '../components/NumberBox.js';
import { checkWithSchema, recheckShownErrors, serverRefusal } from '../components/form-errors.js';
import { useAdminI18n, useLocalizeMessage } from '../i18n.js';
import { RoleNotice } from '../core/roles/RoleNotice.js';
import { usePermission } from '../core/roles/use-permission.js';
import { isStepUpCancelled } from '../core/api/step-up.js';
import { useToast } from '../toast.js';
import { useAskedNotice } from '../core/change-requests/asked.js';
import { useSaveSettings } from '../core/settings/save-settings.js';
import { LogoField } from './LogoField.js';
import { MintProfile } from './MintProfile.js';

type SettingsForm = Omit<AdminSettings, 'solanaCluster' | 'heliusApiKey'> & { heliusApiKey: string; removeHeliusApiKey: boolean };

/** Each social link's label: the shared catalogue's, which the server's messages about the field use too. */
const SOCIAL_LINK_LABELS = {
  telegram: 'server.fieldTelegramLink',
  discord: 'server.fieldDiscordLink',
  twitter: 'server.fieldTwitterLink',
  instagram: 'server.fieldInstagramLink',
  tiktok: 'server.fieldTiktokLink',
} as const;
const SOCIAL_LINKS = Object.keys(SOCIAL_LINK_LABELS) as Array<keyof typeof SOCIAL_LINK_LABELS>;

function formValues(settings: AdminSettings): SettingsForm {
  // The stored key is only ever shown masked, as the placeholder; a blank field keeps it.
  return { ...settings, heliusApiKey: '', removeHeliusApiKey: false };
}

/** What the shared settings schema checks (and the server receives) for the form's values. */
function toInput(values: SettingsForm) {
  const { removeHeliusApiKey, statsOffsetStaked, ...rest } = values;
  return { ...rest, statsOffsetStaked: String(statsOffsetStaked ?? ''), ...(removeHeliusApiKey ? { removeHeliusApiKey } : {}) };
}

/** The saved settings as the schema takes them: the fields it knows, none of the read-only ones (mint profile, cluster). */
function savedInput(settings: AdminSettings) {
  const input: Record<string, unknown> = toInput(formValues(settings));
  return Object.fromEntries(
    Object.keys(settingsSchema.fields)
      .filter((key) => key in input)
      .map((key) => [key, input[key]]),
  ) as ReturnType<typeof toInput>;
}

/**
 * The Platform Settings form: token, logo, RPC provider and the holders' chain endpoint, support contacts, counters, maintenance,
 * and the two-factor policy, saved by one button that stays in sight at the foot of the screen; the
 * maintenance switch saves by itself. Only an owner saves; the others read it. A change of wallet,
 * contract, provider or holders' endpoint (or the policy turned off) asks for a step-up through the API client.
 */
export function TokenConfigTab() {
  const { t } = useAdminI18n();
  const localize = useLocalizeMessage();
  const toast = useToast();
  const { data: settings } = useAdminSettings();
  const [form] = Form.useForm<SettingsForm>();
  const canSave = usePermission('settings.save').allowed;

  useEffect(() => {
    if (!settings) return;
    // A field being edited keeps its text when the saved settings change under it (the maintenance switch, another admin).
    const edited = (key: string) =>
      key === 'socialLinks'
        ? form.isFieldsTouched(SOCIAL_LINKS.map((network) => ['socialLinks', network]))
        : form.isFieldTouched(key as keyof SettingsForm);
    form.setFieldsValue(Object.fromEntries(Object.entries(formValues(settings)).filter(([key]) => !edited(key))));
  }, [settings, form]);

  const asked = useAskedNotice();
  const save = useSaveSettings({
    onSuccess: ({ settings: saved, changeRequest }) => {
      // Saved: nothing is being edited any more, so later changes of the saved settings show in every field
      // (a value that waits for another owner's approval shows what is in force until then).
      form.resetFields();
      form.setFieldsValue(formValues(saved));
      if (changeRequest) asked(changeRequest);
      else toast.success(t('settings.saved'));
    },
    onError: (error) => {
      if (!isStepUpCancelled(error)) toast.error(t('settings.saveFailed'), serverRefusal(form, error, localize));
    },
  });

  // The switch saves at once, alone: the saved settings with maintenance flipped, whatever else is being edited.
  const toggleMaintenance = useSaveSettings({
    onSuccess: ({ settings: saved }) => toast.success(t(saved.maintenanceMode ? 'settings.maintenanceOn' : 'settings.maintenanceOff')),
    onError: (error) => toast.error(t('settings.saveFailed'), localize(error)),
  });

  function submit(values: SettingsForm) {
    // Nothing invalid is sent: the first invalid field gets the cursor, and the toast says why nothing was saved.
    const input = checkWithSchema(
      form,
      settingsSchema,
      toInput({ ...values, maintenanceMode: settings!.maintenanceMode }),
      localize,
      ({ message }) => toast.error(t('settings.saveFailed'), t('forms.notSaved', { reason: message })),
    );
    if (input) save.mutate(input);
  }

  if (!settings) return <Skeleton active />;
  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={submit}
      onValuesChange={(changed: Record<string, unknown>, all: SettingsForm) =>
        recheckShownErrors(form, changed, settingsSchema, toInput(all), localize)
      }
      initialValues={formValues(settings)}
      requiredMark={false}
      scrollToFirstError
      disabled={!canSave}
    >
      <RoleNotice action="settings.save" text="role.locked.settings" />
      <Card title={t('settings.title')}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label={t('settings.tokenName')} name="tokenName">
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('settings.tokenSymbol')} name="tokenSymbol">
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('settings.tokenContract')} name="tokenContract">
              <Input className="admin-mono" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('settings.stakingWallet')} name="stakingWallet">
              <Input className="admin-mono" />
            </Form.Item>
          </Col>
        </Row>
        <MintProfile settings={settings} />
        <Form.Item label={t('settings.logo')} name="tokenLogo">
          <LogoField />
        </Form.Item>
      </Card>

      <Card title={t('settings.providerTitle')} style={{ marginTop: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              label={t('settings.providerKey')}
              name="heliusApiKey"
              extra={settings.heliusApiKey ? t('settings.providerKeyKept') : undefined}
            >
              <Input.Password placeholder={settings.heliusApiKey || t('settings.providerKeyNone')} autoComplete="off" />
            </Form.Item>
            {settings.heliusApiKey && (
              <Form.Item name="removeHeliusApiKey" valuePropName="checked">
                <Checkbox>{t('settings.providerKeyRemove')}</Checkbox>
              </Form.Item>
            )}
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('server.fieldHeliusRpcUrl')} name="heliusRpcUrl" extra={t('settings.providerUrlHint')}>
              <Input placeholder="https://mainnet.helius-rpc.com/" />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item
              label={t('settings.holderRpcUrl')}
              name="holderRpcUrl"
              extra={t('settings.holderRpcUrlHint', { default: holderRpcEndpoint('', settings.solanaCluster) })}
            >
              <Input placeholder={holderRpcEndpoint('', settings.solanaCluster)} />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Card title={t('settings.supportTitle')} style={{ marginTop: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item label={t('settings.supportEmail')} name="supportEmail">
              <Input inputMode="email" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label={t('server.fieldSupportWhatsapp')} name="supportWhatsapp">
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label={t('server.fieldSupportTelegram')} name="supportTelegram">
              <Input />
            </Form.Item>
          </Col>
          {SOCIAL_LINKS.map((network) => (
            <Col key={network} xs={24} md={8}>
              <Form.Item label={t(SOCIAL_LINK_LABELS[network])} name={['socialLinks', network]}>
                <Input placeholder="https://" />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Card>

      <Card title={t('settings.countersTitle')} style={{ marginTop: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label={t('settings.offsetStaked')} name="statsOffsetStaked" extra={t('settings.offsetHint')}>
              <NumberBox whole />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('settings.offsetStakers')} name="statsOffsetStakers">
              <NumberBox whole />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Card title={t('settings.maintenanceTitle')} style={{ marginTop: 16 }}>
        <Form.Item label={t('settings.maintenanceSwitch')} htmlFor="maintenanceMode" extra={t('settings.maintenanceSavedAlone')}>
          <Switch
            id="maintenanceMode"
            checked={settings.maintenanceMode}
            loading={toggleMaintenance.isPending}
            onChange={(on) => toggleMaintenance.mutate({ ...savedInput(settings), maintenanceMode: on })}
          />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label={t('settings.maintenanceType')} name="maintenanceType">
              <Select options={MAINTENANCE_TYPES.map((type) => ({ value: type, label: t(`settings.maintenanceType.${type}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('settings.maintenanceTime')} name="maintenanceEstimatedTime">
              <Input />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label={t('settings.maintenanceMessage')} name="maintenanceMessage">
          <Input.TextArea rows={3} />
        </Form.Item>
      </Card>

      <Card title={t('settings.securityTitle')} style={{ marginTop: 16 }}>
        <Form.Item
          label={t('settings.requireTwoFactor')}
          name="requireTwoFactor"
          valuePropName="checked"
          extra={t('settings.requireTwoFactorHint')}
        >
          <Switch />
        </Form.Item>
        <Form.Item
          label={t('server.fieldRequirePasskeysForOwners')}
          name="requirePasskeysForOwners"
          valuePropName="checked"
          extra={t('settings.requirePasskeysForOwnersHint')}
        >
          <Switch />
        </Form.Item>
        <Form.Item
          label={t('server.fieldApprovalThreshold')}
          name="approvalThreshold"
          extra={t('settings.approvalThresholdHint', { symbol: settings.tokenSymbol })}
        >
          <NumberBox />
        </Form.Item>
        <Form.Item
          label={t('server.fieldWalletChangeDelayHours')}
          name="walletChangeDelayHours"
          extra={t('settings.walletChangeDelayHint')}
          style={{ marginBottom: 0 }}
        >
          <NumberBox whole />
        </Form.Item>
      </Card>

      {canSave && (
        <div className="admin-save-bar">
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {save.isPending ? t('settings.pending') : t('settings.submit')}
          </Button>
        </div>
      )}
    </Form>
  );
}
