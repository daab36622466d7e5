import { Alert, Button, Descriptions, Skeleton, Space, Switch, Typography } from 'antd';
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useAdminSettings, useAutoPayouts, useTreasury } from '../../core/queries/queries.js';
import { CopyAddress } from '../../components/CopyAddress.js';
import { ExplorerAddressLink } from '../../components/ExplorerAddressLink.js';
import { useAdminFormat } from '../../format.js';
import { useAdminI18n, useLocalizeMessage } from '../../i18n.js';
import { usePlatform } from '../../platform.js';
import { useAdminRole, usePermission } from '../../core/roles/use-permission.js';
import { useAskedNotice } from '../../core/change-requests/asked.js';
import { useSaveSettings } from '../../core/settings/save-settings.js';
import { isStepUpCancelled } from '../../core/api/step-up.js';
import { useToast } from '../../toast.js';
import { withPolicy } from './api.js';
import { AutoPayoutStatusLine } from './AutoPayoutStatusLine.js';
import { PolicyDialog } from './PolicyDialog.js';

/** The details' open state, remembered on this machine (closed on a first visit: the withdrawals come first). */
const DETAILS_OPEN = 'autoPayoutDetailsOpen';
const DETAILS_ID = 'auto-payout-details';

/**
 * Automatic payouts in a compact band above the pending withdrawals, so that the withdrawals
 * themselves are on the first screen: whether the server is paying by itself (and if not, why),
 * what it paid against its daily limit and what the hot wallet holds, and an owner's switch (off
 * in one click, on with a step-up) and policy editor. The limits, the hot wallet's address and how
 * long its balance lasts open below on demand; the others read.
 */
export function AutoPayoutCard() {
  const { t } = useAdminI18n();
  const format = useAdminFormat();
  const localize = useLocalizeMessage();
  const toast = useToast();
  const platform = usePlatform();
  const role = useAdminRole();
  const canEdit = usePermission('settings.save').allowed;
  const { data: status, isError } = useAutoPayouts();
  const { data: settings } = useAdminSettings();
  const { data: treasury } = useTreasury();
  const [editing, setEditing] = useState(false);
  const [detailsOpen, setDetailsOpen] = useState(() => platform.preferences.read(DETAILS_OPEN) === 'yes');
  const symbol = settings?.tokenSymbol ?? '';
  const amount = (value: string) => format.tokens(value, symbol);

  const asked = useAskedNotice();
  const toggle = useSaveSettings({
    onSuccess: ({ settings: saved, changeRequest }) =>
      changeRequest ? asked(changeRequest) : toast.success(t(saved.autoPayout.enabled ? 'autoPayouts.turnedOn' : 'autoPayouts.turnedOff')),
    onError: (error) => {
      if (!isStepUpCancelled(error)) toast.error(t('autoPayouts.saveFailed'), localize(error));
    },
  });
  const toggleDetails = () => {
    platform.preferences.write(DETAILS_OPEN, detailsOpen ? 'no' : 'yes');
    setDetailsOpen(!detailsOpen);
  };

  const title = t('autoPayouts.title');
  if (!status || !settings) {
    return (
      <section aria-label={title} className="admin-auto-payouts">
        <Typography.Text strong>{title}</Typography.Text>
        {isError ? (
          <Alert type="error" showIcon title={t('autoPayouts.failed')} />
        ) : (
          <Skeleton active title={false} paragraph={{ rows: 1 }} />
        )}
      </section>
    );
  }
  const { policy } = status;
  const hot = treasury?.hotWallet ?? null;
  const hotBalance = hot?.balance ?? status.hotBalance;
  const hotBalanceText = hotBalance === null ? t('treasury.unknown') : amount(hotBalance);
  const paid = t('autoPayouts.paidOfLimit', { paid: amount(status.paidLast24h), limit: amount(policy.maxPer24h) });
  const details = [
    { key: 'paid', label: t('autoPayouts.paidLast24h'), children: paid },
    { key: 'perWithdrawal', label: t('autoPayouts.maxPerWithdrawal'), children: amount(policy.maxPerWithdrawal) },
    { key: 'minHot', label: t('autoPayouts.minHotBalance'), children: amount(policy.minHotBalance) },
    {
      key: 'delay',
      label: t('autoPayouts.newWalletDelay'),
      children: t('autoPayouts.hours', { hours: format.count(policy.newWalletDelayHours) }),
    },
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
                <span>{hotBalanceText}</span>
                {hot && (
                  <Typography.Text type="secondary">
                    {hot.lastsDays === null
                      ? t('autoPayouts.lastsUnknown')
                      : t('autoPayouts.lastsDays', { days: format.count(hot.lastsDays) })}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <section aria-label={title} className="admin-auto-payouts">
      <div className="admin-auto-payouts-line">
        <Typography.Text strong className="admin-auto-payouts-title">
          {title}
        </Typography.Text>
        <AutoPayoutStatusLine status={status} />
        <div className="admin-auto-payouts-controls">
          {canEdit ? (
            <>
              <Space size={8} align="center">
                {/* A neutral label: the switch itself says On or Off (and is announced as checked or not). */}
                <label htmlFor="autoPayoutSwitch">{t('server.fieldAutoPayout')}</label>
                <Switch
                  id="autoPayoutSwitch"
                  checked={policy.enabled}
                  checkedChildren={t('autoPayouts.on')}
                  unCheckedChildren={t('autoPayouts.off')}
                  loading={toggle.isPending}
                  onChange={(on) => toggle.mutate(withPolicy(settings, { ...settings.autoPayout, enabled: on }))}
                />
              </Space>
              <Button size="small" onClick={() => setEditing(true)}>
                {t('autoPayouts.edit')}
              </Button>
            </>
          ) : (
            <Typography.Text type="secondary">{t('autoPayouts.ownerOnly', { role: t(`role.${role}`) })}</Typography.Text>
          )}
          <Button
            type="link"
            size="small"
            icon={detailsOpen ? <UpOutlined /> : <DownOutlined />}
            iconPlacement="end"
            aria-expanded={detailsOpen}
            aria-controls={DETAILS_ID}
            onClick={toggleDetails}
          >
            {t('autoPayouts.details')}
          </Button>
        </div>
      </div>
      <Typography.Text type="secondary" className="admin-auto-payouts-figures">
        {t('autoPayouts.paidShort', { paid })}
        {status.hotWallet && <> · {t('autoPayouts.hotShort', { balance: hotBalanceText })}</>}
      </Typography.Text>
      {detailsOpen && (
        <div id={DETAILS_ID} className="admin-auto-payouts-details">
          <Descriptions column={{ xs: 1, sm: 2, xl: 3 }} size="small" items={details} />
          {status.checkedAt && (
            <Typography.Text type="secondary" className="admin-auto-payout-checked">
              {t('autoPayouts.checkedAt', { at: format.dateTime(status.checkedAt) })}
            </Typography.Text>
          )}
        </div>
      )}
      {canEdit && <PolicyDialog open={editing} settings={settings} onClose={() => setEditing(false)} />}
    </section>
  );
}
