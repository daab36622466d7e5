import { Card, Col, Row, Statistic } from 'antd';
import { formatExact } from '@stakedesk/shared/format';
import { useAdminSettings, useAdminStats } from '../api/queries.js';
import { useAdminI18n } from '../i18n.js';

/** Total Users, Total Staked (with the token symbol), Pending Withdrawals, Active Plans; two by two and small on a phone. */
export function StatCards({ compact = false }: { compact?: boolean }) {
  const { t } = useAdminI18n();
  const { data: stats, isLoading } = useAdminStats();
  const { data: settings } = useAdminSettings();
  const cards = [
    { key: 'users', title: t('stats.totalUsers'), value: stats?.totalUsers },
    {
      key: 'staked',
      title: t('stats.totalStaked'),
      value: stats && `${formatExact(stats.totalStaked)} ${settings?.tokenSymbol ?? ''}`.trim(),
    },
    { key: 'pending', title: t('stats.pendingWithdrawals'), value: stats?.pendingWithdrawals },
    { key: 'plans', title: t('stats.activePlans'), value: stats?.activePlans },
  ];
  return (
    <Row gutter={compact ? [8, 8] : [16, 16]}>
      {cards.map((card) => (
        <Col key={card.key} xs={12} sm={12} lg={6}>
          <Card size={compact ? 'small' : 'default'}>
            <Statistic
              title={card.title}
              value={card.value ?? '—'}
              loading={isLoading}
              styles={compact ? { content: { fontSize: 18 } } : undefined}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
