import type { Sequelize } from 'sequelize';
import { AUDIT_DIFFERENCE_KINDS, type TreasuryCoverage } from '@stakedesk/shared/api-types';
import { lastAuditDifferenceCounts, lastAuditFinishedAge } from '../books-audit/index.js';
import { unexplainedOutflowCount } from '../outflows/index.js';
import { depositsBehindSeconds } from '../stakes/index.js';
import { oldestPendingWithdrawalAge, pendingWithdrawalCount } from '../withdrawals/index.js';
import { readiness, type Check } from './readiness.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { Metrics } from '../metrics/metrics.js';

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

/** The hot wallet's balance in tokens; no sample without a payout signer or while the chain cannot be read. */
async function hotWalletBalance(coverage: () => Promise<TreasuryCoverage>): Promise<{ value: number }[]> {
  const balance = (await coverage()).hotWallet?.balance ?? null;
  return balance === null ? [] : [{ value: Number(balance) }];
}

export type StateSources = {
  jobs?: Pick<JobQueue, 'waiting'>;
  coverage?: () => Promise<TreasuryCoverage>;
  /** /readyz's checks, so that an alert rule can see a failing one without probing /readyz. */
  checks?: Record<string, () => Promise<Check>>;
  /** Seconds since the newest base backup of the embedded PostgreSQL ended (+Inf: none yet); absent with DATABASE_URL. */
  lastBackupAge?: () => Promise<number>;
};

/** Figures read at each scrape: what waits on operators, deposit detection behind, unexplained outflows, treasury coverage, the hot wallet, the job queue, the last backup's age, and readiness. */
export function addStateGauges(metrics: Metrics, db: Sequelize, { jobs, coverage, checks, lastBackupAge }: StateSources = {}): void {
  metrics.gauge('stakedesk_pending_withdrawals', 'Withdrawals requested and not yet paid or rejected.', [], async () => {
    return [{ value: await pendingWithdrawalCount(db) }];
  });
  metrics.gauge(
    'stakedesk_oldest_pending_withdrawal_age_seconds',
    'How long the oldest pending withdrawal has waited (holders are promised 24 hours); 0 when none waits.',
    [],
    async () => [{ value: await oldestPendingWithdrawalAge(db) }],
  );
  metrics.gauge(
    'stakedesk_deposits_behind_seconds',
    'How long deposit detection has had history it could not read yet (a flood of transactions): the oldest open gap, 0 when caught up. deposits.behind was raised when it opened.',
    [],
    async () => [{ value: await depositsBehindSeconds(db) }],
  );
  metrics.gauge(
    'stakedesk_unexplained_outflows',
    'Transfers out of the staking or hot wallet that no payout or verified TXID explains and no owner has explained yet: automatic payouts stop while above 0.',
    [],
    async () => [{ value: await unexplainedOutflowCount(db) }],
  );
  metrics.gauge(
    'stakedesk_audit_differences',
    'What the last finished audit of the books against the chain (DESIGN 19) found differing, by kind: listed in the Reconciliation tab.',
    ['kind'],
    async () => {
      const found = await lastAuditDifferenceCounts(db);
      return AUDIT_DIFFERENCE_KINDS.map((kind) => ({ labels: { kind }, value: found.get(kind) ?? 0 }));
    },
  );
  metrics.gauge(
    'stakedesk_audit_last_finished_age_seconds',
    'Seconds since the last audit of the books against the chain finished (one runs daily); no sample before the first.',
    [],
    async () => {
      const age = await lastAuditFinishedAge(db);
      return age === null ? [] : [{ value: age }];
    },
  );
  if (coverage) {
    metrics.gauge(
      'stakedesk_treasury_coverage_ratio',
      'Balance of the staking wallets over what the platform owes from them (below 1: holders cannot all be paid).',
      [],
      () => coverageRatio(coverage),
    );
    metrics.gauge(
      'stakedesk_hot_wallet_balance_tokens',
      'Tokens in the hot wallet automatic payouts pay from (DESIGN 13): the float an operator tops up.',
      [],
      () => hotWalletBalance(coverage),
    );
  }
  if (jobs) {
    metrics.gauge('stakedesk_job_queue_waiting', 'Background jobs waiting to run, by queue.', ['queue'], async () =>
      Object.entries(await jobs.waiting()).map(([queue, value]) => ({ labels: { queue }, value })),
    );
  }
  if (lastBackupAge) {
    metrics.gauge(
      'stakedesk_last_backup_age_seconds',
      "How long ago the embedded PostgreSQL's newest base backup ended (+Inf before the first); one is taken daily (DESIGN 19). None with DATABASE_URL.",
      [],
      async () => [{ value: await lastBackupAge() }],
    );
  }
  if (checks) {
    metrics.gauge(
      'stakedesk_ready',
      'Each /readyz check at scrape time: 1 when it passes, 0 when it fails; none for a check waiting for the database (its failure is the one to act on).',
      ['check'],
      async () =>
        Object.entries((await readiness(checks)).checks)
          .filter(([, result]) => result.waitsFor === undefined)
          .map(([check, result]) => ({ labels: { check }, value: result.ok ? 1 : 0 })),
    );
  }
}
