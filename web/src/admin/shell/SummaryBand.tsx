import { Button, Col, Collapse, Row, Tag } from 'antd';
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useAdminStats, useTreasury } from '../core/queries/queries.js';
import { useAdminFormat } from '../format.js';
import { useAdminI18n } from '../i18n.js';
import { usePlatform } from '../platform.js';
import { TreasuryCard } from '../treasury/TreasuryCard.js';
import { useCoverageLabel } from '../treasury/use-coverage-label.js';
import { StatCards } from './StatCards.js';

const FOLDED = 'summaryFolded';

/**
 * On a phone the treasury card folds away on its own (its title says when the wallets fall short),
 * so that the tabs are on the first screen rather than below a thousand pixels of figures.
 */
function FoldedTreasury() {
  const { t } = useAdminI18n();
  const { data: coverage } = useTreasury();
  const coverageLabel = useCoverageLabel();
  const label = (
    <>
      {t('treasury.title')} {coverage?.covered === false && <Tag color="red">{coverageLabel(coverage)}</Tag>}
    </>
  );
  return (
    <Collapse
      size="small"
      style={{ marginTop: 8 }}
      items={[{ key: 'treasury', label, children: <TreasuryCard folded />, styles: { body: { padding: 0 } } }]}
    />
  );
}

/**
 * The stat cards and the treasury, which an admin can fold away (remembered on this machine) to
 * give the tabs the screen; folded, one line keeps what must not be missed: what waits, and the coverage.
 */
export function SummaryBand({ phone }: { phone: boolean }) {
  const { t } = useAdminI18n();
  const format = useAdminFormat();
  const platform = usePlatform();
  const { data: stats } = useAdminStats();
  const { data: coverage } = useTreasury();
  const coverageLabel = useCoverageLabel();
  const [folded, setFolded] = useState(() => platform.preferences.read(FOLDED) === 'yes');
  const toggle = () => {
    platform.preferences.write(FOLDED, folded ? 'no' : 'yes');
    setFolded(!folded);
  };
  return (
    <section aria-label={t('summary.title')}>
      <div className="admin-summary-bar">
        {folded && (
          <span>
            {t('summary.folded', { pending: stats ? format.count(stats.pendingWithdrawals) : '—', coverage: coverageLabel(coverage) })}{' '}
            {coverage?.covered === false && <Tag color="red">{t('summary.uncovered')}</Tag>}
          </span>
        )}
        <Button
          type="link"
          size="small"
          icon={folded ? <DownOutlined /> : <UpOutlined />}
          aria-expanded={!folded}
          aria-controls="admin-summary"
          onClick={toggle}
        >
          {folded ? t('summary.show') : t('summary.hide')}
        </Button>
      </div>
      {!folded &&
        (phone ? (
          <div id="admin-summary">
            <StatCards />
            <FoldedTreasury />
          </div>
        ) : (
          // Side by side on a wide screen, small figures: the tab's own work (the pending withdrawals) starts on the first screen.
          <Row id="admin-summary" gutter={[12, 12]}>
            <Col xs={24} xl={8}>
              <StatCards twoByTwo />
            </Col>
            <Col xs={24} xl={16}>
              <TreasuryCard />
            </Col>
          </Row>
        ))}
    </section>
  );
}
