import type { Sequelize } from 'sequelize';
import type { TreasuryCoverage } from '@stakedesk/shared/api-types';
import type { SecretBox } from '../admins/secret-box.js';
import type { JobQueue, RetryPolicy } from '../jobs/job-queue.js';
import type { Logger } from '../logger.js';
import { attemptDelivery } from './deliver-webhook.js';
import { deliverAlertsThrough, queueForgottenDeliveries } from './emit-alert.js';
import { alertOverdueWithdrawals, DEFAULT_OVERDUE_HOURS } from './overdue-withdrawals.js';
import { TREASURY_WATCH_INTERVAL_MS, watchTreasury } from './treasury-watch.js';

/**
 * Retried for about a day (DESIGN 13): 11 retries, the first after 30-60 s, each wait about
 * double the last, so the last one comes 17 to 34 hours (25 on average) after the first attempt.
 */
export const WEBHOOK_RETRY: RetryPolicy = { retryLimit: 11, retryDelaySeconds: 30 };

const SWEEP_INTERVAL_MS = 30_000;
/** A delivery its process did not queue this long after it was written: that process stopped before it could. */
const FORGOTTEN_AFTER_SECONDS = 20;

const OVERDUE_CHECK_INTERVAL_MS = 5 * 60_000;

export type WebhookDeliveryOptions = {
  box: SecretBox;
  fetch: typeof fetch;
  retry?: RetryPolicy;
  /** WITHDRAWAL_OVERDUE_HOURS: a withdrawal pending longer is announced as overdue. */
  overdueHours?: number;
  /** The treasury as the panel sees it: watched for treasury.uncovered and hot_wallet.low. */
  coverage?: () => Promise<TreasuryCoverage>;
};

/**
 * Alerts on the job queue: one job per delivery, retried with backoff, each attempt written to its
 * row; and every few minutes, the withdrawals that have waited too long and the treasury.
 */
export async function startWebhookDelivery(
  jobs: JobQueue,
  sequelize: Sequelize,
  logger: Logger,
  { box, fetch, retry = WEBHOOK_RETRY, overdueHours = DEFAULT_OVERDUE_HOURS, coverage }: WebhookDeliveryOptions,
): Promise<void> {
  const send = await jobs.queue<{ deliveryId: number }>('webhook-delivery', retry, async ({ deliveryId }, { final }) => {
    const result = await attemptDelivery(sequelize, box, fetch, deliveryId, final);
    if (result && !result.ok) throw new Error(`webhook delivery ${deliveryId} failed: ${result.error}`);
  });
  deliverAlertsThrough(send, logger);
  await jobs.every('webhook-sweep', SWEEP_INTERVAL_MS, () => queueForgottenDeliveries(sequelize, FORGOTTEN_AFTER_SECONDS));
  await jobs.every('withdrawal-overdue', OVERDUE_CHECK_INTERVAL_MS, () => alertOverdueWithdrawals(sequelize, overdueHours));
  if (coverage) await jobs.every('treasury-watch', TREASURY_WATCH_INTERVAL_MS, () => watchTreasury(sequelize, coverage));
}
