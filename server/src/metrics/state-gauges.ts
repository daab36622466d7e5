import { QueryTypes, type Sequelize } from 'sequelize';
import type { TreasuryCoverage } from '@stakedesk/shared/api-types';
import type { JobQueue } from '../jobs/job-queue.js';
import type { Metrics } from './metrics.js';

/**
 * What the staking wallets hold over what the platform owes (1 is exactly covered; +Inf when
 * nothing is owed); no sample while a balance cannot be read from the chain.
 */
async function coverageRatio(coverage: () => Promise<TreasuryCoverage>): Promise<{ value: number }[]> {
  const { heldBalance, liabilities } = await coverage();
  if (heldBalance === null) return [];
  const owed = Number(liabilities.total);
  return [{ value: owed > 0 ? Number(heldBalance) / owed : Infinity }];
}

/** Figures read at each scrape: what waits on operators, treasury coverage, and the job queue. */
export function addStateGauges(
  metrics: Metrics,
  sequelize: Sequelize,
  { jobs, coverage }: { jobs?: JobQueue; coverage?: () => Promise<TreasuryCoverage> } = {},
): void {
  metrics.gauge('stakedesk_pending_withdrawals', 'Withdrawals requested and not yet paid or rejected.', [], async () => {
    const [row] = await sequelize.query<{ n: number }>(`SELECT count(*)::int AS n FROM withdrawals WHERE status = 'pending'`, {
      type: QueryTypes.SELECT,
    });
    return [{ value: row!.n }];
  });
  metrics.gauge(
    'stakedesk_oldest_pending_withdrawal_age_seconds',
    'How long the oldest pending withdrawal has waited (holders are promised 24 hours); 0 when none waits.',
    [],
    async () => {
      const [row] = await sequelize.query<{ age: number | null }>(
        `SELECT extract(epoch FROM now() - min(requested_at))::float8 AS age FROM withdrawals WHERE status = 'pending'`,
        { type: QueryTypes.SELECT },
      );
      return [{ value: row!.age ?? 0 }];
    },
  );
  if (coverage) {
    metrics.gauge(
      'stakedesk_treasury_coverage_ratio',
      'Balance of the staking wallets over what the platform owes from them (below 1: holders cannot all be paid).',
      [],
      () => coverageRatio(coverage),
    );
  }
  if (jobs) {
    metrics.gauge('stakedesk_job_queue_waiting', 'Background jobs waiting to run, by queue.', ['queue'], async () =>
      Object.entries(await jobs.waiting()).map(([queue, value]) => ({ labels: { queue }, value })),
    );
  }
}
