import { Alert, Button, Grid, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { TreasuryOutflow } from '@stakedesk/shared/api-types';
import { useAdminSettings } from '../core/queries/queries.js';
import { CopyAddress } from '../components/CopyAddress.js';
import { TxLink } from '../components/TxLink.js';
import { useAdminFormat } from '../format.js';
import { useAdminI18n, useLocalizeMessage } from '../i18n.js';
import { RoleNotice } from '../core/roles/RoleNotice.js';
import { usePermission } from '../core/roles/use-permission.js';
import { useOutflows } from './api.js';
import { ExplainOutflowDialog } from './ExplainOutflowDialog.js';
import { OutflowStatus } from './OutflowStatus.js';

/**
 * Tokens that left the staking or hot wallet in a transaction that no payout the server built and
 * no verified TXID explains (DESIGN 15): while one is unexplained, automatic payouts stop. An
 * owner marks each explained with a note; the latest explained ones stay listed below.
 */
export function OutflowsSection() {
  const { t } = useAdminI18n();
  const format = useAdminFormat();
  const localize = useLocalizeMessage();
  const { data: settings } = useAdminSettings();
  const { data, error, isFetching } = useOutflows();
  const canExplain = usePermission('outflows.explain').allowed;
  const [explaining, setExplaining] = useState<TreasuryOutflow | null>(null);
  const amountOf = (outflow: TreasuryOutflow) =>
    format.tokens(outflow.amount, outflow.mint === settings?.tokenContract ? settings.tokenSymbol : '');
  const unexplained = data?.filter((outflow) => outflow.status === 'unexplained') ?? [];
  const phone = Grid.useBreakpoint().md === false;

  const columns: TableColumnsType<TreasuryOutflow> = [
    {
      title: t('server.fieldTransaction'),
      dataIndex: 'signature',
      key: 'signature',
      render: (signature: string) => <TxLink txId={signature} cluster={settings?.solanaCluster} />,
    },
    {
      title: t('outflows.wallet'),
      dataIndex: 'owner',
      key: 'owner',
      render: (owner: string) => <CopyAddress address={owner} />,
    },
    { title: t('server.fieldAmount'), key: 'amount', render: (_, outflow) => amountOf(outflow) },
    {
      title: t('outflows.time'),
      dataIndex: 'blockTime',
      key: 'blockTime',
      render: (time: string | null, outflow) => format.dateTime(time ?? outflow.seenAt),
    },
    {
      title: t('outflows.status'),
      key: 'status',
      // Stays in view while the other columns scroll sideways on a narrow screen, with the amount beside it there.
      fixed: 'right',
      width: phone ? 190 : 280,
      render: (_, outflow) => (
        <Space direction="vertical" size={4}>
          {phone && <Typography.Text strong>{amountOf(outflow)}</Typography.Text>}
          <OutflowStatus outflow={outflow} />
          {canExplain && outflow.status === 'unexplained' && (
            <Button size="small" onClick={() => setExplaining(outflow)}>
              {t('outflows.explain')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <section aria-labelledby="outflows-title" style={{ marginBottom: 32 }}>
      <Typography.Title level={2} id="outflows-title" className="admin-heading-small">
        {t('outflows.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('outflows.intro')}</Typography.Paragraph>
      {unexplained.length > 0 && (
        <>
          <Alert
            type="error"
            showIcon
            title={t('outflows.stopped', { count: format.count(unexplained.length) })}
            style={{ marginBottom: 16 }}
          />
          <RoleNotice action="outflows.explain" text="role.locked.outflows" />
        </>
      )}
      {error && <Alert type="error" showIcon title={t('outflows.failed')} description={localize(error)} style={{ marginBottom: 16 }} />}
      <Table<TreasuryOutflow>
        rowKey={(outflow) => `${outflow.signature}:${outflow.account}`}
        size="middle"
        columns={columns}
        dataSource={data}
        loading={isFetching && !data}
        pagination={false}
        locale={{ emptyText: t('outflows.empty') }}
        scroll={{ x: true }}
      />
      <ExplainOutflowDialog
        outflow={explaining}
        amount={explaining ? amountOf(explaining) : ''}
        cluster={settings?.solanaCluster}
        onClose={() => setExplaining(null)}
      />
    </section>
  );
}
