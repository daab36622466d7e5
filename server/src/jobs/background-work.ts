import type { Sequelize } from 'sequelize';
import { forgetOldFailures } from '../admins/login-throttle.js';
import { adminRevocations, holderRevocations } from '../auth/revoked-sessions.js';
import { deleteOldNonces } from '../auth/sign-in.service.js';
import { deleteExpiredRateLimits } from '../http/postgres-rate-limit-store.js';
import { autoPayoutRound, type AutoPayoutDeps } from '../auto-payouts/index.js';
import { startWebhookDelivery, type WebhookDeliveryOptions } from '../alerts/webhook-delivery.js';
import type { Logger } from '../logger.js';
import { startJobQueue, type JobQueue } from './job-queue.js';

const CLEAN_UP_INTERVAL_MS = 10 * 60_000;

/** Rows that only ever expire: rate-limit windows, used sign-in nonces, revoked sessions past their expiry, old login failures. */
async function cleanUp(sequelize: Sequelize): Promise<void> {
  await deleteExpiredRateLimits(sequelize);
  await deleteOldNonces(sequelize);
  await holderRevocations.deleteExpired(sequelize);
  await adminRevocations.deleteExpired(sequelize);
  await forgetOldFailures(sequelize);
}

/**
 * The server's background work on the job queue, every task in one place. (Expiry and following
 * the chain still run on their own timers: stakes/expiry.ts, chain/follow-chain.ts.)
 */
export async function startBackgroundWork(
  sequelize: Sequelize,
  databaseUrl: string,
  logger: Logger,
  onFailure?: (job: string) => void,
  /** The tasks that need more than the database: automatic payouts (how often they look), alert deliveries; each absent is not scheduled. */
  tasks: { autoPayouts?: AutoPayoutDeps & { intervalMs: number }; webhooks?: WebhookDeliveryOptions } = {},
): Promise<JobQueue> {
  const jobs = await startJobQueue(databaseUrl, logger, onFailure);
  await jobs.every('clean-up', CLEAN_UP_INTERVAL_MS, () => cleanUp(sequelize));
  const { autoPayouts, webhooks } = tasks;
  // Overlap-safe: claims and row locks keep two rounds from paying one withdrawal, so a round a killed instance left never blocks the next.
  if (autoPayouts) await jobs.every('auto-payouts', autoPayouts.intervalMs, () => autoPayoutRound(autoPayouts), { overlapSafe: true });
  if (webhooks) await startWebhookDelivery(jobs, sequelize, logger, webhooks);
  return jobs;
}
