import { Alert, Button, Card, Descriptions, Skeleton, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { formatDateTime, formatExact } from '@stakedesk/shared/format';
import { useAdminSettings, useAutoPayouts, useTreasury } from '../api/queries.js';
import { CopyAddress } from '../components/CopyAddress.js';
import { ExplorerAddressLink } from '../components/ExplorerAddressLink.js';
import { useAdminI18n, useLocalizeMessage } from '../i18n.js';
import { useAdminRole, usePermission } from '../roles/use-permission.js';
import { useSaveSettings } from '../settings/api.js';
import { isStepUpCancelled } from '../step-up/step-up.js';
import { useToast } from '../toast.js';
import { withPolicy } from './api.js';
import { AutoPayoutStatusLine } from './AutoPayoutStatusLine.js';
import { PolicyDialog } from './PolicyDialog.js';

/**
 * Automatic payouts at a glance, above the pending withdrawals: whether the server is paying by
 * itself (and if not, why), what it paid against its daily limit, and the hot wallet it pays from.
 * An owner turns it off with one click, on (with a step-up) or edits its limits; the others read.
 */
export function AutoPayoutCard() {
  const { t } = useAdminI18n();
  const localize = useLocalizeMessage();
  const toast = useToast();
  const role = useAdminRole();
  const canEdit = usePermission('settings.save').allowed;
  const { data: status, isError } = useAutoPayouts();
  const { data: settings } = useAdminSettings();
  const { data: treasury } = useTreasury();
  const [editing, setEditing] = useState(false);
  const symbol = settings?.tokenSymbol ?? '';
  const amount = (value: string) => `${formatExact(value)} ${symbol}`.trim();

  const toggle = useSaveSettings({
    onSuccess: (saved) => toast.success(t(saved.autoPayout.enabled ? 'autoPayouts.turnedOn' : 'autoPayouts.turnedOff')),
    onError: (error) => {
      if (!isStepUpCancelled(error)) toast.error(t('autoPayouts.saveFailed'), localize(error));
    },
  });

  const title = t('autoPayouts.title');
  if (!status || !settings) {
    return (
      <Card title={title} role="region" aria-label={title} className="admin-auto-payouts" style={{ marginBottom: 16 }}>
        {isError ? <Alert type="error" showIcon title={t('autoPayouts.failed')} /> : <Skeleton active paragraph={{ rows: 2 }} />}
      </Card>
    );
  }
  const { policy } = status;
  const hot = treasury?.hotWallet ?? null;
  const hotBalance = hot?.balance ?? status.hotBalance;
  const items = [
    {
      key: 'paid',
      label: t('autoPayouts.paidLast24h'),
      children: t('autoPayouts.paidOfLimit', { paid: amount(status.paidLast24h), limit: amount(policy.maxPer24h) }),
    },
    { key: 'perWithdrawal', label: t('autoPayouts.maxPerWithdrawal'), children: amount(policy.maxPerWithdrawal) },
    { key: 'minHot', label: t('autoPayouts.minHotBalance'), children: amount(policy.minHotBalance) },
    { key: 'delay', label: t('autoPayouts.newWalletDelay'), children: t('autoPayouts.hours', { hours: policy.newWalletDelayHours }) },
    ...(status.hotWallet
      ? [
          {
            key: 'hotWallet',
            label: t('autoPayouts.hotWallet'),
            children: (
              <Space size={0}>
                <CopyAddress address={status.hotWallet} />
                <ExplorerAddressLink address={status.hotWallet} cluster={settings.solanaCluster} />
              </Space>
            ),
          },
          {
            key: 'hotBalance',
            label: t('autoPayouts.hotBalance'),
            children: (
              <Space direction="vertical" size={0}>
                <span>{hotBalance === null ? t('treasury.unknown') : amount(hotBalance)}</span>
                {hot && (
                  <Typography.Text type="secondary">
                    {hot.lastsDays === null ? t('autoPayouts.lastsUnknown') : t('autoPayouts.lastsDays', { days: hot.lastsDays })}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card title={title} role="region" aria-label={title} className="admin-auto-payouts" style={{ marginBottom: 16 }}>
      <AutoPayoutStatusLine status={status} />
      <Descriptions column={{ xs: 1, sm: 2, xl: 3 }} size="small" items={items} style={{ marginTop: 12 }} />
      {status.checkedAt && (
        <Typography.Text type="secondary" className="admin-auto-payout-checked">
          {t('autoPayouts.checkedAt', { at: formatDateTime(status.checkedAt) })}
        </Typography.Text>
      )}
      <div className="admin-auto-payout-actions">
        {canEdit ? (
          <>
            <Space size={8} align="center">
              <Switch
                id="autoPayoutSwitch"
                checked={policy.enabled}
                loading={toggle.isPending}
                onChange={(on) => toggle.mutate(withPolicy(settings, { ...settings.autoPayout, enabled: on }))}
              />
              <label htmlFor="autoPayoutSwitch">{t('autoPayouts.switch')}</label>
            </Space>
            <Button onClick={() => setEditing(true)}>{t('autoPayouts.edit')}</Button>
          </>
        ) : (
          <Typography.Text type="secondary">{t('autoPayouts.ownerOnly', { role: t(`role.${role}`) })}</Typography.Text>
        )}
      </div>
      {canEdit && <PolicyDialog open={editing} settings={settings} onClose={() => setEditing(false)} />}
    </Card>
  );
}
