import { Button, Empty, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { AdminReservesSnapshot } from '@stakedesk/shared/api-types';
import { fromRawAmount } from '@stakedesk/shared/money';
import { useAdminSettings } from '../core/queries/queries.js';
import { CopyAddress } from '../components/CopyAddress.js';
import { TxLink } from '../components/TxLink.js';
import { useAdminFormat } from '../format.js';
import { useAdminI18n, useLocalizeMessage } from '../i18n.js';
import { RoleNotice } from '../core/roles/RoleNotice.js';
import { usePermission } from '../core/roles/use-permission.js';
import { useToast } from '../toast.js';
import { coverageText } from '../components/coverage-text.js';
import { useReservesSnapshots, useTakeSnapshot } from './api.js';
import { useSignAnchor } from './use-sign-anchor.js';

/**
 * Proof of reserves (DESIGN 14): each snapshot's root, what it owed and held, its coverage and its
 * anchor on chain. An owner takes a snapshot, and signs the anchor of one the server has not
 * anchored by itself (no signer configured) with the staking wallet.
 */
export function ReservesTab() {
  const { t } = useAdminI18n();
  const format = useAdminFormat();
  const localize = useLocalizeMessage();
  const toast = useToast();
  const { data, isLoading } = useReservesSnapshots();
  const { data: settings } = useAdminSettings();
  const canManage = usePermission('reserves.manage').allowed;
  const { sign, signing } = useSignAnchor();
  const take = useTakeSnapshot({
    onSuccess: (snapshot) => toast.success(t('reserves.taken'), t('reserves.takenText', { id: snapshot.id })),
    onError: (error) => toast.error(t('reserves.takeFailed'), localize(error)),
  });
  const symbol = settings?.tokenSymbol ?? '';
  const tokens = (raw: bigint, decimals: number) => format.tokens(fromRawAmount(raw, decimals), symbol);
  const held = (snapshot: AdminReservesSnapshot) => snapshot.reserves.reduce((sum, reserve) => sum + BigInt(reserve.balance), 0n);

  function anchorCell(snapshot: AdminReservesSnapshot) {
    if (snapshot.anchorSignature) return <TxLink txId={snapshot.anchorSignature} cluster={settings?.solanaCluster} />;
    if (snapshot.anchor?.status === 'sent')
      return (
        <Space size={4} wrap>
          <Tag color="processing">{t('reserves.anchorOnItsWay')}</Tag>
          <TxLink txId={snapshot.anchor.signature} cluster={settings?.solanaCluster} />
        </Space>
      );
    return (
      <Space size={4} wrap>
        <Typography.Text type="secondary">{t('reserves.notAnchored')}</Typography.Text>
        {canManage && (
          <Button
            size="small"
            loading={signing === snapshot.id}
            disabled={signing !== null && signing !== snapshot.id}
            onClick={() => void sign(snapshot)}
            aria-label={t('reserves.signAnchorOf', { id: snapshot.id })}
          >
            {t('reserves.signAnchor')}
          </Button>
        )}
      </Space>
    );
  }

  const columns: TableColumnsType<AdminReservesSnapshot> = [
    { title: t('reserves.snapshot'), dataIndex: 'id', key: 'id', render: (id: number) => `#${id}` },
    { title: t('reserves.takenAt'), dataIndex: 'takenAt', key: 'takenAt', render: (takenAt: string) => format.dateTime(takenAt) },
    { title: t('reserves.root'), dataIndex: 'root', key: 'root', render: (root: string) => <CopyAddress address={root} what="root" /> },
    {
      title: t('reserves.liabilities'),
      key: 'liabilities',
      align: 'right',
      render: (_value, snapshot) => tokens(BigInt(snapshot.totalLiabilities), snapshot.decimals),
    },
    {
      title: t('reserves.reserves'),
      key: 'reserves',
      align: 'right',
      render: (_value, snapshot) => tokens(held(snapshot), snapshot.decimals),
    },
    {
      title: t('reserves.coverage'),
      dataIndex: 'coveragePercent',
      key: 'coverage',
      align: 'right',
      render: (percent: string | null) => (percent === null ? t('treasury.nothingOwed') : coverageText(format, percent)),
    },
    // Stays in view on a phone, where the figures scroll away under it.
    { title: t('reserves.anchor'), key: 'anchor', fixed: 'right', render: (_value, snapshot) => anchorCell(snapshot) },
  ];

  return (
    <>
      <RoleNotice action="reserves.manage" text="role.locked.reserves" />
      <div className="admin-toolbar">
        <Typography.Title level={2} className="admin-heading" style={{ margin: 0 }}>
          {t('reserves.title')}
        </Typography.Title>
        {canManage && (
          <div className="admin-toolbar-end">
            <Button type="primary" loading={take.isPending} onClick={() => take.mutate()}>
              {t('reserves.take')}
            </Button>
          </div>
        )}
      </div>
      <Typography.Paragraph type="secondary">{t('reserves.intro')}</Typography.Paragraph>
      {data?.length === 0 ? (
        // Not an empty table: at phone width its titles alone scroll sideways, with nothing to focus in them.
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reserves.empty')} />
      ) : (
        <Table<AdminReservesSnapshot>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={data}
          loading={isLoading}
          pagination={false}
          // Sideways only with rows, whose links and buttons take the focus.
          scroll={data ? { x: true } : undefined}
        />
      )}
    </>
  );
}
