import { Input, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { Stake } from '@stakedesk/shared/api-types';
import { addWhole } from '@stakedesk/shared/money';
import { useAdminSettings, useAdminStakes } from '../core/queries/queries.js';
import { CopyAddress } from '../components/CopyAddress.js';
import { CsvButton } from '../components/CsvButton.js';
import { TxLink } from '../components/TxLink.js';
import { useTableQuery } from '../components/use-table-query.js';
import { useAdminFormat } from '../format.js';
import { useAdminI18n } from '../i18n.js';
import { RoleNotice } from '../core/roles/RoleNotice.js';
import { usePermission } from '../core/roles/use-permission.js';
import { StakeStatusTag } from './StakeStatusTag.js';
import { UpdateExpiredButton } from './UpdateExpiredButton.js';

/** Active: running stakes and those awaiting a payout. Completed: ended stakes, paid or restaked or not. */
const STATUSES = { active: 'active,pending_withdrawal', completed: 'completed,withdrawn' } as const;

export function StakesTab({ kind }: { kind: 'active' | 'completed' }) {
  const { t } = useAdminI18n();
  const format = useAdminFormat();
  const { data: settings } = useAdminSettings();
  const [search, setSearch] = useState('');
  const table = useTableQuery<Stake>({ status: STATUSES[kind], q: search || undefined });
  const { data, isFetching } = useAdminStakes(table.params);
  const canUpdateExpired = usePermission('stakes.updateExpired').allowed;
  const symbol = settings?.tokenSymbol ?? '';
  const amount = (value: string) => format.tokens(value, symbol);
  const sortable = (key: string) => ({ key, sorter: true, sortOrder: table.sortOrderOf(key) });

  const columns: TableColumnsType<Stake> = [
    {
      title: t('stakes.user'),
      dataIndex: 'walletAddress',
      ...sortable('walletAddress'),
      render: (wallet: string) => <CopyAddress address={wallet} />,
    },
    {
      title: t('server.fieldPlan'),
      ...sortable('planName'),
      render: (_value, stake) => (
        <>
          {stake.plan.name}
          <br />
          <Typography.Text type="secondary">
            {stake.plan.durationMinutes
              ? t('stakes.planTermsMinutes', {
                  yield: format.exact(stake.plan.yieldRate),
                  minutes: format.count(stake.plan.durationMinutes),
                })
              : t('stakes.planTerms', { yield: format.exact(stake.plan.yieldRate), days: format.count(stake.plan.durationDays) })}
          </Typography.Text>
        </>
      ),
    },
    { title: t('server.fieldAmount'), dataIndex: 'amount', ...sortable('amount'), render: amount },
    ...(kind === 'completed'
      ? [
          { title: t('stakes.rewards'), key: 'rewards', render: (_value: unknown, stake: Stake) => amount(stake.rewardAmount) },
          {
            title: t('stakes.total'),
            key: 'total',
            render: (_value: unknown, stake: Stake) => amount(addWhole(stake.amount, stake.rewardAmount)),
          },
        ]
      : []),
    {
      title: t('stakes.status'),
      ...sortable('status'),
      render: (_value, stake) => (
        <>
          <StakeStatusTag stake={stake} />
          {stake.overCapacity && (
            <Tooltip title={t('stakes.overCapacityHint')}>
              <Tag color="volcano">{t('stakes.overCapacity')}</Tag>
            </Tooltip>
          )}
        </>
      ),
    },
    {
      title: t('server.fieldTransaction'),
      key: 'txId',
      render: (_value, stake) => <TxLink txId={stake.txId} cluster={settings?.solanaCluster} />,
    },
    kind === 'active'
      ? { title: t('stakes.date'), dataIndex: 'createdAt', ...sortable('createdAt'), render: (date: string) => format.dateTime(date) }
      : {
          title: t('stakes.completed'),
          dataIndex: 'completedAt',
          ...sortable('completedAt'),
          render: (date: string | null) => (date ? format.dateTime(date) : ''),
        },
    ...(kind === 'active'
      ? [{ title: t('stakes.ends'), dataIndex: 'endsAt', ...sortable('endsAt'), render: (date: string) => format.dateTime(date) }]
      : []),
  ];

  return (
    <>
      {kind === 'active' && <RoleNotice action="stakes.updateExpired" text="role.locked.changes" />}
      <div className="admin-toolbar">
        <Input.Search
          allowClear
          placeholder={t('stakes.search')}
          aria-label={t('stakes.search')}
          onSearch={(value) => setSearch(value.trim())}
          style={{ maxWidth: 420 }}
        />
        <div className="admin-toolbar-end">
          {kind === 'active' && canUpdateExpired && <UpdateExpiredButton />}
          <CsvButton path="/api/admin/stakes.csv" params={{ status: STATUSES[kind] }} fileName={`${kind}-stakes.csv`} />
        </div>
      </div>
      <Table<Stake>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={data?.rows}
        loading={isFetching}
        pagination={table.pagination(data)}
        onChange={table.onChange}
        locale={{ emptyText: kind === 'active' ? t('stakes.activeEmpty') : t('stakes.completedEmpty') }}
        scroll={{ x: true }}
      />
    </>
  );
}
