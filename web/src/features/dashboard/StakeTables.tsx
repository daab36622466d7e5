import type { FinishedStake, Stake } from '@stakedesk/shared/api-types';
import type { SolanaCluster } from '@stakedesk/shared/format';
import { addWhole } from '@stakedesk/shared/money';
import { holderStakeBadge, stakeProgress } from '@stakedesk/shared/stake-status';
import { EmptyState } from '../../components/EmptyState.js';
import { TableHead } from '../../components/TableHead.js';
import type { MessageKey } from '../../i18n/en.js';
import { useFormat } from '../../i18n/format.js';
import { useI18n } from '../../i18n/i18n-pages.js';
import { durationText } from '../../i18n/plural.js';
import { TxLink } from './TxLink.js';

type Common = { stakes: Stake[]; symbol: string; cluster: SolanaCluster };
// Each cell carries its column's name (data-label): on a phone a row is a card of labelled lines (styles.css, .stacked).

const ACTIVE_COLUMNS: MessageKey[] = [
  'server.fieldPlan',
  'col.staked',
  'col.rewards',
  'col.progress',
  'col.status',
  'server.fieldTransaction',
];

/**
 * Running stakes. Without onUnstake (the read-only view of a wallet that is not connected) it has no
 * Action column and its empty state no way to the New Stake grid, which that view does not have.
 */
export function ActiveStakesTable({ stakes, symbol, cluster, onUnstake }: Common & { onUnstake?: (stake: Stake) => void }) {
  const { t } = useI18n();
  const format = useFormat();
  if (stakes.length === 0) {
    return <EmptyState message={t('dashboard.noActive')} action={onUnstake && <a href="#new-stake">{t('dashboard.startStaking')}</a>} />;
  }
  return (
    <div className="table-wrap stacked">
      <table>
        <TableHead columns={onUnstake ? [...ACTIVE_COLUMNS, 'col.action'] : ACTIVE_COLUMNS} />
        <tbody>
          {stakes.map((stake) => (
            <tr key={stake.id}>
              <td data-label={t('server.fieldPlan')}>{stake.plan.name}</td>
              <td data-label={t('col.staked')}>{format.tokens(stake.amount, symbol)}</td>
              <td data-label={t('col.rewards')}>
                {stake.rewardForfeited ? (
                  <>
                    <del>{format.tokens(stake.rewardAmount, symbol)}</del>{' '}
                    {t('stake.rewardForfeited', { amount: format.tokens('0', symbol) })}
                  </>
                ) : (
                  format.tokens(stake.rewardAmount, symbol)
                )}
              </td>
              <td data-label={t('col.progress')}>
                <Progress stake={stake} />
              </td>
              <td data-label={t('col.status')}>
                <span className="badge">{t(`badge.${holderStakeBadge(stake)}`)}</span>
              </td>
              <td data-label={t('server.fieldTransaction')}>
                <TxLink txId={stake.txId} cluster={cluster} />
              </td>
              {onUnstake && (
                <td data-label={t('col.action')}>
                  {stake.status === 'active' ? (
                    <button type="button" className="button small" onClick={() => onUnstake(stake)}>
                      {t('stake.unstake')}
                    </button>
                  ) : (
                    <span className="muted">{t('stake.withdrawalPending')}</span>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Days left and a bar while the stake runs; once a withdrawal is asked for, how the stake ended. */
function Progress({ stake }: { stake: Stake }) {
  const { t } = useI18n();
  const progress = stakeProgress(stake);
  if (progress.kind === 'ended') return t('stake.periodEnded');
  if (progress.kind === 'unstakedEarly') return t('stake.unstakedEarly');
  return (
    <>
      {t(progress.unit === 'minute' ? 'stake.minutesLeft' : 'stake.daysLeft', { left: progress.left, total: progress.total })}
      <progress max={100} value={progress.percent} />
    </>
  );
}

const COMPLETED_COLUMNS: MessageKey[] = [
  'server.fieldPlan',
  'col.stakedAmount',
  'col.totalReturn',
  'server.fieldDuration',
  'col.status',
  'server.fieldTransaction',
];

/** Stakes whose term ended. Without `actions` (the read-only view) it has no Actions column. */
export function CompletedStakesTable({
  stakes,
  symbol,
  cluster,
  actions,
}: Common & { actions?: { onRestake: (stake: Stake) => void; onWithdraw: (stake: Stake) => void } }) {
  const { language, t } = useI18n();
  const format = useFormat();
  return (
    <div className="table-wrap stacked">
      <table>
        <TableHead columns={actions ? [...COMPLETED_COLUMNS, 'col.actions'] : COMPLETED_COLUMNS} />
        <tbody>
          {stakes.map((stake) => (
            <tr key={stake.id}>
              <td data-label={t('server.fieldPlan')}>{stake.plan.name}</td>
              <td data-label={t('col.stakedAmount')}>{format.tokens(stake.amount, symbol)}</td>
              <td data-label={t('col.totalReturn')}>{format.tokens(addWhole(stake.amount, stake.rewardAmount), symbol)}</td>
              <td data-label={t('server.fieldDuration')}>{durationText(t, language, stake.plan)}</td>
              <td data-label={t('col.status')}>
                <span className="badge">{t(`badge.${holderStakeBadge(stake)}`)}</span>
              </td>
              <td data-label={t('server.fieldTransaction')}>
                <TxLink txId={stake.txId} cluster={cluster} />
              </td>
              {actions && (
                <td data-label={t('col.actions')} className="actions">
                  <button type="button" className="button small" onClick={() => actions.onRestake(stake)}>
                    {t('stake.restake')}
                  </button>
                  <button type="button" className="button small primary" onClick={() => actions.onWithdraw(stake)}>
                    {t('stake.withdraw')}
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Finalized stakes: RESTAKED when no completed withdrawal paid them, WITHDRAWN otherwise. */
export function HistoricalStakesTable({ stakes, symbol, cluster }: Omit<Common, 'stakes'> & { stakes: FinishedStake[] }) {
  const { language, t } = useI18n();
  const format = useFormat();
  return (
    <div className="table-wrap stacked">
      <table>
        <TableHead
          columns={[
            'server.fieldPlan',
            'col.originalAmount',
            'col.finalRewards',
            'col.totalValue',
            'col.completionDate',
            'col.p2p',
            'col.actionTaken',
          ]}
        />
        <tbody>
          {stakes.map((stake) => {
            const paid = stake.payout;
            const penalised = paid?.kind === 'early';
            const total = paid ? paid.finalAmount : addWhole(stake.amount, stake.rewardAmount);
            return (
              <tr key={stake.id}>
                <td data-label={t('server.fieldPlan')}>
                  {stake.plan.name}
                  <small className="muted">
                    {' '}
                    {durationText(t, language, stake.plan)} · {format.percent(stake.plan.yieldRate)}
                  </small>
                </td>
                <td data-label={t('col.originalAmount')}>{format.tokens(stake.amount, symbol)}</td>
                <td data-label={t('col.finalRewards')} className={penalised ? 'negative' : undefined}>
                  {penalised ? `-${format.tokens(paid.penaltyAmount, symbol)}` : format.tokens(stake.rewardAmount, symbol)}
                </td>
                <td data-label={t('col.totalValue')}>{format.tokens(total, symbol)}</td>
                <td data-label={t('col.completionDate')}>{stake.completedAt ? format.dateTime(stake.completedAt) : ''}</td>
                <td data-label={t('col.p2p')}>
                  <TxLink txId={paid?.txId ?? stake.txId} cluster={cluster} />
                </td>
                <td data-label={t('col.actionTaken')}>
                  <span className="badge">{t('stake.finalized')}</span> {paid ? t('stake.withdrawn') : t('stake.restaked')}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
