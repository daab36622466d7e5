import { Button, Grid, Input, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import type { AdminWithdrawal as Withdrawal } from '@stakedesk/shared/api-types';
import type { WithdrawalStatus } from '@stakedesk/shared/stake-status';
import { useAdminSettings, useAdminWithdrawals } from '../core/queries/queries.js';
import { AutoPayoutCard } from './auto-payouts/AutoPayoutCard.js';
import { usePolicyOnWithHolds } from './auto-payouts/use-policy-on-with-holds.js';
import { CopyAddress } from '../components/CopyAddress.js';
import { CsvButton } from '../components/CsvButton.js';
import { TxLink } from '../components/TxLink.js';
import { useTableQuery } from '../components/use-table-query.js';
import { useAdminFormat } from '../format.js';
import { useAdminI18n } from '../i18n.js';
import { PayoutReviewDialog } from './payout/PayoutReviewDialog.js';
import { useWalletPayout } from './payout/use-wallet-payout.js';
import { WalletPayoutBar } from './payout/WalletPayoutBar.js';
import { usePlatform } from '../platform.js';
import { RoleNotice } from '../core/roles/RoleNotice.js';
import { usePermission } from '../core/roles/use-permission.js';
import { ApprovalState } from './ApprovalState.js';
import { AutoPayoutHold } from './AutoPayoutHold.js';
import { isHeld, payoutStanding } from './payout-standing.js';
import { PayoutState } from './PayoutState.js';
import { ProcessDialog, type ProcessMode } from './ProcessDialog.js';
import { ResolveDialog } from './ResolveDialog.js';

type Columns = TableColumnsType<Withdrawal>;

function useWithdrawalTable(status: WithdrawalStatus, search: string) {
  const table = useTableQuery<Withdrawal>({ status, q: search || undefined });
  const query = useAdminWithdrawals(table.params);
  return { table, query };
}

/** Pending withdrawals to pay or reject, then the completed and rejected ones (each only if any). */
export function WithdrawalsTab() {
  const { t } = useAdminI18n();
  const format = useAdminFormat();
  const { data: settings } = useAdminSettings();
  // A hold says why the policy did not pay a withdrawal: with the policy off, none pays any, and an old hold would mislead.
  const policyOn = usePolicyOnWithHolds();
  const [search, setSearch] = useState('');
  const [acting, setActing] = useState<{ withdrawal: Withdrawal; mode: ProcessMode } | null>(null);
  const [resolving, setResolving] = useState<Withdrawal | null>(null);
  const canProcess = usePermission('withdrawals.process').allowed;
  const canResolve = usePermission('withdrawals.resolve').allowed;
  // A viewer sees the withdrawals without any way to pay or reject them.
  const walletPayouts = usePlatform().walletPayouts && canProcess;
  const payout = useWalletPayout();
  const [selected, setSelected] = useState<Withdrawal[]>([]);
  const pending = useWithdrawalTable('pending', search);
  const completed = useWithdrawalTable('completed', search);
  const rejected = useWithdrawalTable('rejected', search);
  const symbol = settings?.tokenSymbol ?? '';
  // A row whose payout now holds it (prepared here or in another panel) cannot be paid again: it leaves the selection.
  const pendingRows = pending.query.data?.rows;
  useEffect(() => {
    if (!pendingRows) return;
    const payable = new Set(pendingRows.filter((w) => !isHeld(w.payout)).map((w) => w.id));
    setSelected((current) => (current.every((w) => payable.has(w.id)) ? current : current.filter((w) => payable.has(w.id))));
  }, [pendingRows]);
  const amount = (value: string) => format.tokens(value, symbol);
  // On a phone the amount column scrolls away under the fixed actions: the amount is said beside its buttons.
  const phone = Grid.useBreakpoint().md === false;

  const user: Columns[number] = {
    title: t('withdrawals.user'),
    dataIndex: 'walletAddress',
    key: 'walletAddress',
    render: (wallet: string) => <CopyAddress address={wallet} />,
  };
  const requested = (table: typeof pending.table): Columns[number] => ({
    title: t('withdrawals.requestDate'),
    dataIndex: 'requestedAt',
    key: 'requestedAt',
    sorter: true,
    sortOrder: table.sortOrderOf('requestedAt'),
    render: (date: string) => format.dateTime(date),
  });
  const net = (table: typeof pending.table, title: string): Columns[number] => ({
    title,
    dataIndex: 'finalAmount',
    key: 'finalAmount',
    sorter: true,
    sortOrder: table.sortOrderOf('finalAmount'),
    render: amount,
  });
  const processed = (table: typeof pending.table, title: string): Columns[number] => ({
    title,
    dataIndex: 'processedAt',
    key: 'processedAt',
    sorter: true,
    sortOrder: table.sortOrderOf('processedAt'),
    render: (date: string | null) => (date ? format.dateTime(date) : ''),
  });

  // Once a payout holds a withdrawal, why the automation did not pay it is history.
  const holdOf = (withdrawal: Withdrawal, narrow = false) =>
    policyOn && withdrawal.autoPayoutHold && !isHeld(withdrawal.payout) ? (
      <AutoPayoutHold hold={withdrawal.autoPayoutHold} narrow={narrow} />
    ) : null;

  const actionsColumn: Columns[number] = {
    title: t('withdrawals.actions'),
    key: 'actions',
    // Stays in view while the other columns scroll sideways on a narrow screen.
    fixed: 'right',
    render: (_value, withdrawal) => {
      // While a payout holds it (open, or under review) nothing else may pay, paste or reject it (the server refuses too).
      const held = isHeld(withdrawal.payout);
      const waitsForApproval = withdrawal.approvalRequired && !withdrawal.approvedBy;
      const buttons = (
        <Space>
          {walletPayouts && (
            <Button
              type="primary"
              size="small"
              disabled={held || waitsForApproval}
              title={waitsForApproval ? t('withdrawals.needsApproval') : undefined}
              loading={payout.paying.has(withdrawal.id)}
              onClick={() => void payout.pay([withdrawal])}
            >
              {t('withdrawals.pay')}
            </Button>
          )}
          <Button
            type={walletPayouts ? 'default' : 'primary'}
            size="small"
            disabled={held}
            onClick={() => setActing({ withdrawal, mode: 'complete' })}
          >
            {t('withdrawals.process')}
          </Button>
          <Button danger size="small" disabled={held} onClick={() => setActing({ withdrawal, mode: 'reject' })}>
            {t('withdrawals.reject')}
          </Button>
        </Space>
      );
      // Under review, an owner's way out is here, in the column that stays in view on a phone.
      const withAmount = phone ? (
        <Space direction="vertical" size={4}>
          <strong>{amount(withdrawal.finalAmount)}</strong>
          {!held && <ApprovalState withdrawal={withdrawal} />}
          {holdOf(withdrawal, true)}
          {buttons}
        </Space>
      ) : (
        buttons
      );
      if (!canResolve || payoutStanding(withdrawal.payout) !== 'review') return withAmount;
      return (
        <Space direction="vertical" size={4}>
          <Button type="primary" danger size="small" onClick={() => setResolving(withdrawal)}>
            {t('payout.resolve')}
          </Button>
          {withAmount}
        </Space>
      );
    },
  };
  const pendingColumns: Columns = [
    user,
    net(pending.table, t('server.fieldAmount')),
    {
      title: t('withdrawals.kind'),
      dataIndex: 'kind',
      key: 'kind',
      render: (kind: Withdrawal['kind'], w) => (
        <Tag color={kind === 'early' ? 'orange' : 'green'}>
          {kind === 'early' ? t('withdrawals.early', { penalty: amount(w.penaltyAmount) }) : t('withdrawals.full')}
        </Tag>
      ),
    },
    requested(pending.table),
    {
      title: t('withdrawals.payout'),
      key: 'payout',
      render: (_value, withdrawal) => (
        <>
          <PayoutState payout={withdrawal.payout} cluster={settings?.solanaCluster} ownerMayResolve={canResolve} />
          {!isHeld(withdrawal.payout) && <ApprovalState withdrawal={withdrawal} />}
          {holdOf(withdrawal)}
        </>
      ),
    },
    ...(canProcess ? [actionsColumn] : []),
  ];
  const completedColumns: Columns = [
    user,
    net(completed.table, t('withdrawals.netAmount')),
    requested(completed.table),
    processed(completed.table, t('withdrawals.completedDate')),
    {
      title: t('withdrawals.txid'),
      dataIndex: 'txId',
      key: 'txId',
      render: (txId: string | null) => <TxLink txId={txId} cluster={settings?.solanaCluster} />,
    },
  ];
  const rejectedColumns: Columns = [
    user,
    net(rejected.table, t('withdrawals.netAmount')),
    requested(rejected.table),
    processed(rejected.table, t('withdrawals.rejectedDate')),
    { title: t('server.fieldReason'), dataIndex: 'rejectReason', key: 'rejectReason' },
  ];

  // The search and the export serve every list below; they sit on the pending list's title line, so the rows start on the first screen.
  const tools = (
    <>
      <Input.Search
        allowClear
        placeholder={t('withdrawals.search')}
        aria-label={t('withdrawals.search')}
        onSearch={setSearch}
        className="admin-withdrawals-search"
      />
      <div className="admin-toolbar-end">
        {walletPayouts && (
          <WalletPayoutBar
            payout={payout}
            selected={selected}
            onPaySelected={() => void payout.pay(selected).then(() => setSelected([]))}
          />
        )}
        <CsvButton path="/api/admin/withdrawals.csv" fileName="withdrawals.csv" />
      </div>
    </>
  );

  const section = (title: string, columns: Columns, { table, query }: typeof pending, empty?: string, pendingList = false) => (
    <section aria-label={title}>
      <div className={pendingList ? 'admin-toolbar admin-withdrawals-head' : undefined}>
        <Typography.Title level={2} className={pendingList ? 'admin-heading admin-withdrawals-title' : 'admin-heading admin-section-title'}>
          {title}
        </Typography.Title>
        {pendingList && tools}
      </div>
      <Table<Withdrawal>
        rowSelection={
          pendingList && walletPayouts
            ? {
                selectedRowKeys: selected.map((w) => w.id),
                onChange: (_keys, rows) => setSelected(rows),
                getCheckboxProps: (w) => ({ disabled: isHeld(w.payout) || (w.approvalRequired && !w.approvedBy) }),
              }
            : undefined
        }
        rowKey="id"
        // Dense rows: at 1366x768 five pending withdrawals and more fit above the fold.
        size="small"
        columns={columns}
        dataSource={query.data?.rows}
        loading={query.isFetching}
        pagination={table.pagination(query.data)}
        onChange={table.onChange}
        locale={empty ? { emptyText: empty } : undefined}
        scroll={{ x: true }}
      />
    </section>
  );

  return (
    <>
      <RoleNotice action="withdrawals.process" text="role.locked.changes" />
      <AutoPayoutCard />
      {section(t('withdrawals.pendingTitle'), pendingColumns, pending, t('withdrawals.pendingEmpty'), true)}
      {(completed.query.data?.total ?? 0) > 0 && section(t('withdrawals.completedTitle'), completedColumns, completed)}
      {(rejected.query.data?.total ?? 0) > 0 && section(t('withdrawals.rejectedTitle'), rejectedColumns, rejected)}
      <ProcessDialog
        withdrawal={acting?.withdrawal ?? null}
        mode={acting?.mode ?? 'complete'}
        symbol={symbol}
        onClose={() => setActing(null)}
      />
      <ResolveDialog withdrawal={resolving} symbol={symbol} cluster={settings?.solanaCluster} onClose={() => setResolving(null)} />
      {walletPayouts && <PayoutReviewDialog payout={payout} />}
    </>
  );
}
