import { QueryTypes, type Sequelize } from 'sequelize';
import type { JobQueue } from '../jobs/job-queue.js';
import type { Metrics } from './metrics.js';

/** Figures read from the database at each scrape: what waits on operators, and the job queue. */
export function addStateGauges(metrics: Metrics, sequelize: Sequelize, jobs?: JobQueue): void {
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
  if (jobs) {
    metrics.gauge('stakedesk_job_queue_waiting', 'Background jobs waiting to run, by queue.', ['queue'], async () =>
      Object.entries(await jobs.waiting()).map(([queue, value]) => ({ labels: { queue }, value })),
    );
  }
}
