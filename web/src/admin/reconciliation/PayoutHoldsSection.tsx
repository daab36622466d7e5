import { Alert, Button, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { AuditPayoutHold } from '@stakedesk/shared/api-types';
import { useAdminSettings } from '../core/queries/queries.js';
import { CopyAddress } from '../components/CopyAddress.js';
import { TxLink } from '../components/TxLink.js';
import { useAdminFormat } from '../format.js';
import { useAdminI18n, useLocalizeMessage } from '../i18n.js';
import { usePermission } from '../core/roles/use-permission.js';
import { usePayoutHolds } from './api.js';
import { DismissHoldDialog } from './DismissHoldDialog.js';

/**
 * Payouts the audit found on chain that the books lack (DESIGN 19), each holding its wallet's
 * withdrawal of that amount until its TXID records it; an owner dismisses a wrong one. Shown only
 * while one is open.
 */
export function PayoutHoldsSection() {
  const { t } = useAdminI18n();
  const format = useAdminFormat();
  const localize = useLocalizeMessage();
  const { data: settings } = useAdminSettings();
  const { data: holds, error } = usePayoutHolds();
  const canDismiss = usePermission('audits.dismissHold').allowed;
  const [dismissing, setDismissing] = useState<AuditPayoutHold | null>(null);
  const amountOf = (hold: AuditPayoutHold) => format.tokens(hold.amount, hold.mint === settings?.tokenContract ? settings.tokenSymbol : '');

  if (error)
    return <Alert type="error" showIcon title={t('audits.loadFailed')} description={localize(error)} style={{ marginBottom: 16 }} />;
  if (!holds || holds.length === 0) return null;

  const columns: TableColumnsType<AuditPayoutHold> = [
    {
      title: t('server.fieldTransaction'),
      dataIndex: 'signature',
      key: 'signature',
      render: (signature: string) => <TxLink txId={signature} cluster={settings?.solanaCluster} />,
    },
    { title: t('audits.holdWallet'), dataIndex: 'wallet', key: 'wallet', render: (wallet: string) => <CopyAddress address={wallet} /> },
    { title: t('server.fieldAmount'), key: 'amount', render: (_, hold) => amountOf(hold) },
    { title: t('audits.holdFound'), dataIndex: 'foundAt', key: 'foundAt', render: (at: string) => format.dateTime(at) },
    ...(canDismiss
      ? [
          {
            title: '',
            key: 'dismiss',
            render: (_: unknown, hold: AuditPayoutHold) => <Button onClick={() => setDismissing(hold)}>{t('audits.holdDismiss')}</Button>,
          },
        ]
      : []),
  ];

  return (
    <section aria-labelledby="audit-holds-title" style={{ marginBottom: 32 }}>
      <Typography.Title level={3} id="audit-holds-title" className="admin-heading-small">
        {t('audits.holdsTitle')}
      </Typography.Title>
      <Alert type="warning" showIcon title={t('audits.holdsIntro')} style={{ marginBottom: 16 }} />
      <Table<AuditPayoutHold> rowKey="id" size="middle" columns={columns} dataSource={holds} pagination={false} scroll={{ x: true }} />
      <DismissHoldDialog
        hold={dismissing}
        amount={dismissing ? amountOf(dismissing) : ''}
        cluster={settings?.solanaCluster}
        onClose={() => setDismissing(null)}
      />
    </section>
  );
}
