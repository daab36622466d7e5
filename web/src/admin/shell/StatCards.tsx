import { Card, Col, Row, Statistic } from 'antd';
import { useAdminSettings, useAdminStats } from '../core/queries/queries.js';
import { useAdminFormat } from '../format.js';
import { useAdminI18n } from '../i18n.js';

/**
 * Total Users, Total Staked (with the token symbol), Pending Withdrawals, Active Plans: small, two
 * by two on a phone and beside the treasury on a wide screen (`twoByTwo`), in a row between.
 */
export function StatCards({ twoByTwo = false }: { twoByTwo?: boolean }) {
  const { t } = useAdminI18n();
  const format = useAdminFormat();
  const { data: stats, isLoading } = useAdminStats();
  const { data: settings } = useAdminSettings();
  const cards = [
    // Written by the panel's formatter, never by antd's Statistic (which groups with commas in any language).
    { key: 'users', title: t('stats.totalUsers'), value: stats && format.count(stats.totalUsers) },
    { key: 'staked', title: t('stats.totalStaked'), value: stats && format.tokens(stats.totalStaked, settings?.tokenSymbol ?? '') },
    { key: 'pending', title: t('stats.pendingWithdrawals'), value: stats && format.count(stats.pendingWithdrawals) },
    { key: 'plans', title: t('stats.activePlans'), value: stats && format.count(stats.activePlans) },
  ];
  return (
    <Row gutter={[8, 8]}>
      {cards.map((card) => (
        <Col key={card.key} xs={12} sm={12} lg={6} xl={twoByTwo ? 12 : 6}>
          <Card size="small">
            <Statistic title={card.title} value={card.value ?? '—'} loading={isLoading} styles={{ content: { fontSize: 18 } }} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
