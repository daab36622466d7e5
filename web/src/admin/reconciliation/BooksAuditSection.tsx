import { Alert, Button, Empty, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { AuditDifference, AuditSide, BooksAudit } from '@stakedesk/shared/api-types';
import { useAdminSettings } from '../core/queries/queries.js';
import { CopyAddress } from '../components/CopyAddress.js';
import { TxLink } from '../components/TxLink.js';
import { useAdminFormat } from '../format.js';
import { useAdminI18n, useLocalizeMessage } from '../i18n.js';
import { RoleNotice } from '../core/roles/RoleNotice.js';
import { usePermission } from '../core/roles/use-permission.js';
import { useToast } from '../toast.js';
import { useLatestAudit, useRunAudit } from './api.js';
import { PayoutHoldsSection } from './PayoutHoldsSection.js';

const TABLE_WIDTH = 1030;

/**
 * The books against the chain (DESIGN 19): the latest audit of every recorded deposit, completed
 * payout and outflow on chain, and of the treasury's history for what the books lack, with what
 * each side says of every difference and what is done or to do about it. An owner runs one now.
 */
export function BooksAuditSection() {
  const { t } = useAdminI18n();
  const format = useAdminFormat();
  const localize = useLocalizeMessage();
  const toast = useToast();
  const { data: settings } = useAdminSettings();
  const { data: audit, error } = useLatestAudit();
  const canRun = usePermission('audits.run').allowed;
  const run = useRunAudit({ onError: (failure) => toast.error(t('audits.runFailed'), localize(failure)) });
  const symbol = settings?.tokenSymbol ?? '';
  const running = audit?.status === 'running';
  const differences = audit?.status === 'finished' ? audit.differences : [];

  const side = (value: AuditSide | null, none: string) =>
    value ? (
      <Space direction="vertical" size={0}>
        {value.wallet && <CopyAddress address={value.wallet} />}
        {value.amount !== null && <Typography.Text>{format.tokens(value.amount, symbol)}</Typography.Text>}
      </Space>
    ) : (
      <Typography.Text type="secondary">{none}</Typography.Text>
    );

  const todo = (difference: AuditDifference) => {
    switch (difference.resolution) {
      case 'recorded':
        return t('audits.recorded', { id: String(difference.stakeId) });
      case 'toRecord':
        return t('audits.toRecord');
      case 'toReview':
        return difference.withdrawalId === null
          ? t('audits.toReviewOutflow')
          : t('audits.toReviewWithdrawal', { id: String(difference.withdrawalId) });
      default:
        return t('audits.toCheck');
    }
  };

  const columns: TableColumnsType<AuditDifference> = [
    {
      title: t('audits.kind'),
      dataIndex: 'kind',
      key: 'kind',
      width: 170,
      render: (kind: AuditDifference['kind']) => <Tag color="orange">{t(`audits.kind.${kind}`)}</Tag>,
    },
    {
      title: t('server.fieldTransaction'),
      dataIndex: 'signature',
      key: 'signature',
      width: 180,
      render: (signature: string) => <TxLink txId={signature} cluster={settings?.solanaCluster} />,
    },
    { title: t('audits.books'), key: 'books', width: 170, render: (_, difference) => side(difference.books, t('audits.booksNothing')) },
    { title: t('audits.chain'), key: 'chain', width: 170, render: (_, difference) => side(difference.chain, t('audits.chainNothing')) },
    {
      title: t('audits.todo'),
      key: 'todo',
      width: 340,
      render: (_, difference) => (
        <Space direction="vertical" size={0}>
          <Typography.Text>{todo(difference)}</Typography.Text>
          {difference.reason && difference.kind !== 'payoutOfUnpaidWithdrawal' && (
            <Typography.Text type="secondary">{localize(difference.reason)}</Typography.Text>
          )}
        </Space>
      ),
    },
  ];

  return (
    <section aria-labelledby="audits-title" style={{ marginBottom: 32 }}>
      <Typography.Title level={2} id="audits-title" className="admin-heading-small">
        {t('audits.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('audits.intro')}</Typography.Paragraph>
      <RoleNotice action="audits.run" text="role.locked.audits" />
      <div className="admin-toolbar">
        {canRun && (
          <Button type="primary" onClick={() => run.mutate()} loading={run.isPending || running}>
            {t('audits.run')}
          </Button>
        )}
        <Typography.Text>{audit ? summary(audit) : t('audits.never')}</Typography.Text>
      </div>
      {error && <Alert type="error" showIcon title={t('audits.loadFailed')} description={localize(error)} style={{ marginBottom: 16 }} />}
      {audit?.status === 'failed' && (
        <Alert type="error" showIcon title={t('audits.failed')} description={localize(audit.failure)} style={{ marginBottom: 16 }} />
      )}
      {differences.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('audits.differences', { count: format.count(differences.length) })}
          style={{ marginBottom: 16 }}
        />
      )}
      {differences.length === 0 ? (
        // No empty table: its columns, squeezed onto a phone, said nothing the sentence does not.
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={audit?.status === 'finished' ? t('audits.none') : t('audits.notChecked')}
        />
      ) : (
        <Table<AuditDifference>
          rowKey={(difference) =>
            `${difference.kind}:${difference.signature}:${difference.stakeId ?? ''}:${difference.withdrawalId ?? ''}:${difference.chain?.wallet ?? ''}`
          }
          size="middle"
          columns={columns}
          dataSource={differences}
          pagination={false}
          // Wide enough that each column keeps its words on a phone; the table scrolls sideways there
          // (its transaction links take the focus, so a keyboard can scroll it).
          scroll={{ x: TABLE_WIDTH }}
        />
      )}
      <PayoutHoldsSection />
    </section>
  );

  function summary(latest: BooksAudit): string {
    const reason = t(`audits.reason.${latest.reason}`);
    if (latest.status === 'running') return t('audits.running', { id: String(latest.id), reason, at: format.dateTime(latest.startedAt) });
    if (latest.status === 'failed' || !latest.checked)
      return t('audits.failedAt', { id: String(latest.id), reason, at: format.dateTime(latest.finishedAt ?? latest.startedAt) });
    const { deposits, payouts, outflows, transactions, providers } = latest.checked;
    return t(providers === 2 ? 'audits.summaryTwo' : 'audits.summaryOne', {
      id: String(latest.id),
      reason,
      at: format.dateTime(latest.finishedAt!),
      deposits: format.count(deposits),
      payouts: format.count(payouts),
      outflows: format.count(outflows),
      transactions: format.count(transactions),
    });
  }
}
