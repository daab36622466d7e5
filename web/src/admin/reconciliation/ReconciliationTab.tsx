import { Alert, Button, Select, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { UnrecordedDeposit } from '@stakedesk/shared/api-types';
import { useAdminSettings, useReconciliation } from '../core/queries/queries.js';
import { chainCauseOfError } from '../components/chain-cause.js';
import { CopyAddress } from '../components/CopyAddress.js';
import { TxLink } from '../components/TxLink.js';
import { useAdminFormat } from '../format.js';
import { useAdminI18n, useLocalizeMessage } from '../i18n.js';
import { BooksAuditSection } from './BooksAuditSection.js';
import { OutflowsSection } from './OutflowsSection.js';

const DEPTHS = [100, 250, 500, 1000];

/**
 * The books against the chain, both ways: tokens that left the treasury outside the books (the
 * outflow ledger), and deposits into the staking wallet that no stake records (a holder's browser
 * closed between sending and recording), read from the chain.
 */
export function ReconciliationTab() {
  const { t } = useAdminI18n();
  const format = useAdminFormat();
  const localize = useLocalizeMessage();
  const [depth, setDepth] = useState(DEPTHS[0]!);
  const { data: settings } = useAdminSettings();
  const { data, error, isFetching, refetch } = useReconciliation(depth);
  const symbol = settings?.tokenSymbol ?? '';
  // "Every deposit is recorded" only after a reading that says so; otherwise the cause that stopped it.
  const cause = error ? chainCauseOfError(error) : undefined;

  const columns: TableColumnsType<UnrecordedDeposit> = [
    {
      title: t('server.fieldTransaction'),
      dataIndex: 'txId',
      key: 'txId',
      render: (txId: string) => <TxLink txId={txId} cluster={settings?.solanaCluster} />,
    },
    {
      title: t('reconciliation.sender'),
      dataIndex: 'sender',
      key: 'sender',
      render: (sender: string | null) => (sender ? <CopyAddress address={sender} /> : '—'),
    },
    {
      title: t('server.fieldAmount'),
      dataIndex: 'amount',
      key: 'amount',
      render: (amount: string) => format.tokens(amount, symbol),
    },
    {
      title: t('reconciliation.time'),
      dataIndex: 'blockTime',
      key: 'blockTime',
      render: (time: string | null) => (time ? format.dateTime(time) : '—'),
    },
  ];

  return (
    <>
      <BooksAuditSection />
      <OutflowsSection />
      <Typography.Title level={2} className="admin-heading-small">
        {t('reconciliation.depositsTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('reconciliation.intro')}</Typography.Paragraph>
      <div className="admin-toolbar">
        <label htmlFor="reconciliation-depth">{t('reconciliation.depth')}</label>
        <Select
          id="reconciliation-depth"
          value={depth}
          onChange={setDepth}
          options={DEPTHS.map((value) => ({ value, label: format.count(value) }))}
          style={{ width: 100 }}
        />
        <Button onClick={() => void refetch()} loading={isFetching}>
          {t('reconciliation.refresh')}
        </Button>
      </div>
      {cause === 'notConfigured' && <Alert type="info" showIcon title={t('reconciliation.notConfigured')} style={{ marginBottom: 16 }} />}
      {cause === 'chainUnreachable' && (
        <Alert type="error" showIcon title={t('reconciliation.failed')} description={localize(error)} style={{ marginBottom: 16 }} />
      )}
      <Table<UnrecordedDeposit>
        rowKey="txId"
        size="middle"
        columns={columns}
        dataSource={data}
        loading={isFetching}
        pagination={false}
        locale={{ emptyText: cause ? t('reconciliation.notChecked') : t('reconciliation.empty') }}
        scroll={{ x: true }}
      />
    </>
  );
}
