import type { Sequelize } from 'sequelize';
import type { Dependencies } from './dependencies.js';
import { forgetExpiredChallenges, forgetOldFailures } from './access/index.js';
import { adminRevocations, holderRevocations, deleteOldNonces } from './auth/index.js';
import { deleteExpiredRateLimits } from './sql/postgres-rate-limit-store.js';
import { autoPayoutRound, type AutoPayoutDeps } from './auto-payouts/index.js';
import {
  attemptDeliveryJob,
  deliverAlertsThrough,
  queueForgottenWebhookDeliveries,
  WEBHOOK_RETRY,
  WEBHOOK_SWEEP_INTERVAL_MS,
  type WebhookDeliveryOptions,
} from './alerts/index.js';
import { TREASURY_WATCH_INTERVAL_MS, watchTreasury } from './treasury/index.js';
import { alertOverdueWithdrawals, DEFAULT_OVERDUE_HOURS } from './withdrawals/index.js';
import type { TreasuryCoverage } from '@stakedesk/shared/api-types';
import type { Logger } from './logger.js';
import { followPayouts } from './payouts/index.js';
import { anchorRound, pruneOldProofs, dailyReservesSnapshot } from './reserves/index.js';
import type { PayoutSigner } from './signer/payout-signer.js';
import { followDeposits, type DepositRecorded, expiryRound } from './stakes/index.js';
import { startJobQueue, type JobQueue } from './jobs/job-queue.js';
import { DEFAULT_RESERVES_PROOF_DAYS } from './config.js';
import { changeRequestRound } from './approvals/index.js';
import { changeAppliers } from './four-eyes.js';
import { BACKUP_CHECK_INTERVAL_MS, backupIfDue, type BackupPlace } from './backups/index.js';
import { booksAuditRound } from './books-audit/index.js';
import { auditedBooks } from './audited-books.js';
import { outflowExplainers } from './outflow-explainers.js';

const CLEAN_UP_INTERVAL_MS = 10 * 60_000;

/** The audit of the books against the chain (DESIGN 19) looks hourly whether a day has gone by since the last one, or a restore waits. */
const BOOKS_AUDIT_INTERVAL_MS = 3600_000;
/** An audit reads every deposit and payout on chain: its round is not taken for dead before this. */
const BOOKS_AUDIT_EXPIRES_SECONDS = 4 * 3600;

/** The daily snapshot of proof of reserves (DESIGN 14) looks hourly whether a day has gone by since the last one. */
const RESERVES_SNAPSHOT_INTERVAL_MS = 3600_000;
/** A snapshot of a million holders takes minutes: its round is not taken for dead before this. */
const RESERVES_SNAPSHOT_EXPIRES_SECONDS = 30 * 60;

/**
 * Rows that only ever expire: rate-limit windows, used sign-in nonces, revoked sessions past their
 * expiry, old login failures, and the proofs of snapshots older than RESERVES_PROOF_DAYS.
 */
async function cleanUp(db: Sequelize, reservesProofDays: number): Promise<void> {
  await deleteExpiredRateLimits(db);
  await deleteOldNonces(db);
  await holderRevocations.deleteExpired(db);
  await adminRevocations.deleteExpired(db);
  await forgetOldFailures(db);
  await forgetExpiredChallenges(db);
  await pruneOldProofs(db, reservesProofDays);
}

/** A base backup of a large database copies gigabytes: its round is not taken for dead before this. */
const BACKUP_EXPIRES_SECONDS = 2 * 3600;

const OVERDUE_CHECK_INTERVAL_MS = 5 * 60_000;

/** Change requests past their 72 hours expire, approved wallet changes take effect (reads of the settings do too, on time). */
const CHANGE_REQUEST_INTERVAL_MS = 60_000;

export type BackgroundWorkDeps = {
  dependencies: Dependencies;
  databaseUrl: string;
  logger: Logger;
  intervals: {
    /** EXPIRY_INTERVAL_MS */
    expiryMs: number;
    /** CHAIN_FOLLOW_INTERVAL_MS: sent payouts followed to their end (signed ones sent again). */
    payoutFollowMs: number;
    /** DEPOSIT_FOLLOW_INTERVAL_MS: a round costs one RPC call per followed account when nothing happened. */
    depositFollowMs: number;
  };
  onFailure?: (job: string) => void;
  onDepositRecorded?: DepositRecorded;
  /** What automatic payouts need, and how often they look; absent, no round is scheduled. */
  autoPayouts?: Omit<AutoPayoutDeps, keyof Dependencies> & { intervalMs: number };
  /** How alerts are delivered, and what is watched to raise them; absent, none are. */
  webhooks?: Omit<WebhookDeliveryOptions, 'box'> & {
    /** WITHDRAWAL_OVERDUE_HOURS: a withdrawal pending longer is announced as overdue. */
    overdueHours?: number;
    /** The treasury as the panel sees it: watched for treasury.uncovered and hot_wallet.low. */
    coverage?: () => Promise<TreasuryCoverage>;
  };
  /** PAYOUT_SIGNER's wallet anchors each new reserves snapshot by itself; null, owners anchor them in the panel. */
  signer?: PayoutSigner | null;
  /**
   * Proof of reserves: the hot wallet counted in the daily snapshot (the signer's), how long proofs
   * are kept, and (the demo) how often a snapshot is taken if not daily. Absent, no daily snapshot.
   */
  reserves?: { hotWallet: string | null; proofDays: number; everyMs?: number };
  /** The embedded PostgreSQL's data directory, BACKUP_DIR and BACKUP_KEEP_DAYS: a base backup daily (DESIGN 19). Absent (DATABASE_URL), none. */
  backups?: Omit<BackupPlace, 'databaseUrl'>;
};

/**
 * Alerts on the job queue: one job per delivery, retried with backoff for about a day, each attempt
 * written to its row; this server's alerts are handed to it as they commit, and a sweep queues those
 * a stopped process could not. (A test's server delivers its alerts with this alone.)
 */
export async function startAlertDelivery(
  jobs: JobQueue,
  { database: db, secrets }: Pick<Dependencies, 'database' | 'secrets'>,
  logger: Logger,
  { fetch, retry = WEBHOOK_RETRY }: Omit<WebhookDeliveryOptions, 'box'>,
): Promise<void> {
  const queueDelivery = await jobs.queue('webhook-delivery', retry, attemptDeliveryJob(db, { box: secrets.box, fetch }));
  deliverAlertsThrough(db, queueDelivery, logger);
  await jobs.every('webhook-sweep', WEBHOOK_SWEEP_INTERVAL_MS, () => queueForgottenWebhookDeliveries(db));
}

/**
 * The server's background work (DESIGN 13), every task in one place, each a job of the queue: one
 * round per interval across all instances, its failures logged, counted and shown to operators.
 */
export async function startBackgroundWork({
  dependencies,
  databaseUrl,
  logger,
  intervals,
  onFailure,
  onDepositRecorded,
  autoPayouts,
  webhooks,
  signer = null,
  reserves,
  backups,
}: BackgroundWorkDeps): Promise<JobQueue> {
  const { database: db, chain, secondProvider } = dependencies;
  const jobs = await startJobQueue(databaseUrl, logger, onFailure);
  // Every task is overlap-safe: a round a killed instance left active never holds the next back.
  const overlapSafe = { overlapSafe: true };
  // Deletes of rows past their time only.
  await jobs.every('clean-up', CLEAN_UP_INTERVAL_MS, () => cleanUp(db, reserves?.proofDays ?? DEFAULT_RESERVES_PROOF_DAYS), overlapSafe);
  // A transaction-level advisory lock: a second round at once skips its batch.
  await jobs.every('expiry', intervals.expiryMs, () => expiryRound(db, logger), overlapSafe);
  // Payouts claimed with FOR UPDATE SKIP LOCKED and settled under their row lock.
  await jobs.every(
    'follow-payouts',
    intervals.payoutFollowMs,
    () => followPayouts(db, chain, logger, { recheckMs: intervals.payoutFollowMs, secondProvider }),
    overlapSafe,
  );
  // Each account's cursor read under its row lock; a deposit or an outflow is recorded once (unique indexes).
  await jobs.every(
    'deposit-detection',
    intervals.depositFollowMs,
    () =>
      followDeposits(db, chain, logger, outflowExplainers, {
        onRecorded: onDepositRecorded,
        hotWallet: signer?.publicKey.toBase58() ?? null,
      }),
    overlapSafe,
  );
  // Each request expired or applied under its row lock, once.
  await jobs.every('change-requests', CHANGE_REQUEST_INTERVAL_MS, () => changeRequestRound(db, changeAppliers(db)), overlapSafe);
  // Each anchor claimed and recorded under its snapshot's row lock.
  await jobs.every('reserves-anchor', intervals.payoutFollowMs, () => anchorRound({ ...dependencies, logger, signer }), overlapSafe);
  // Claims and row locks keep two rounds from paying one withdrawal.
  if (autoPayouts)
    await jobs.every('auto-payouts', autoPayouts.intervalMs, () => autoPayoutRound({ ...dependencies, ...autoPayouts }), overlapSafe);
  // One round at a time, and a transaction-level advisory lock keeps an owner's snapshot from interleaving with it.
  if (reserves)
    await jobs.every(
      'reserves-snapshot',
      // Looking a few times per period keeps the snapshots about `everyMs` apart, whatever the rounds' jitter.
      Math.min(RESERVES_SNAPSHOT_INTERVAL_MS, (reserves.everyMs ?? Infinity) / 3),
      () => dailyReservesSnapshot({ ...dependencies, hotWallet: reserves.hotWallet }, reserves.everyMs),
      { expiresInSeconds: RESERVES_SNAPSHOT_EXPIRES_SECONDS },
    );
  // One round at a time; a backup that ends half-way is never listed (written as .partial, renamed once whole).
  if (backups)
    await jobs.every('base-backup', BACKUP_CHECK_INTERVAL_MS, () => backupIfDue(db, { ...backups, databaseUrl }), {
      expiresInSeconds: BACKUP_EXPIRES_SECONDS,
    });
  // One audit runs at a time (an advisory lock and a unique index on the running one).
  await jobs.every(
    'books-audit',
    BOOKS_AUDIT_INTERVAL_MS,
    () => booksAuditRound({ db, chain, secondProvider, hotWallet: signer?.publicKey.toBase58() ?? null, books: auditedBooks }, logger),
    { expiresInSeconds: BOOKS_AUDIT_EXPIRES_SECONDS },
  );
  // Each delivery a job of its own, retried with backoff for about a day.
  if (webhooks) {
    await startAlertDelivery(jobs, dependencies, logger, webhooks);
    const overdueHours = webhooks.overdueHours ?? DEFAULT_OVERDUE_HOURS;
    await jobs.every('withdrawal-overdue', OVERDUE_CHECK_INTERVAL_MS, () => alertOverdueWithdrawals(db, overdueHours));
    const { coverage } = webhooks;
    if (coverage) await jobs.every('treasury-watch', TREASURY_WATCH_INTERVAL_MS, () => watchTreasury(db, coverage));
  }
  return jobs;
}
