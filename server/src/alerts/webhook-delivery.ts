import type { Sequelize } from 'sequelize';
import type { SecretBox } from '../secret-box.js';
import type { JobQueue, RetryPolicy } from '../jobs/job-queue.js';
import type { Logger } from '../logger.js';
import { attemptDelivery } from './deliver-webhook.js';
import { deliverAlertsThrough, queueForgottenDeliveries } from './emit-alert.js';

/**
 * Retried for about a day (DESIGN 13): 11 retries, the first after 30-60 s, each wait about
 * double the last, so the last one comes 17 to 34 hours (25 on average) after the first attempt.
 * An attempt waits at most 10 s for the receiver's answer: one still running after a minute died
 * with its server and is tried again then (with pg-boss's default, 15 minutes later).
 */
export const WEBHOOK_RETRY: RetryPolicy = { retryLimit: 11, retryDelaySeconds: 30, expiresInSeconds: 60 };

const SWEEP_INTERVAL_MS = 30_000;
/** A delivery its process did not queue this long after it was written: that process stopped before it could. */
const FORGOTTEN_AFTER_SECONDS = 20;

export type WebhookDeliveryOptions = {
  box: SecretBox;
  fetch: typeof fetch;
  retry?: RetryPolicy;
};

/**
 * Alerts on the job queue: one job per delivery, retried with backoff, each attempt written to its
 * row. (The watches that raise alerts, overdue withdrawals and the treasury, are background-work.ts'.)
 */
export async function startWebhookDelivery(
  jobs: JobQueue,
  sequelize: Sequelize,
  logger: Logger,
  { box, fetch, retry = WEBHOOK_RETRY }: WebhookDeliveryOptions,
): Promise<void> {
  const send = await jobs.queue<{ deliveryId: number }>('webhook-delivery', retry, async ({ deliveryId }, { final }) => {
    const result = await attemptDelivery(sequelize, box, fetch, deliveryId, final);
    if (result && !result.ok) throw new Error(`webhook delivery ${deliveryId} failed: ${result.error}`);
  });
  deliverAlertsThrough(send, logger);
  await jobs.every('webhook-sweep', SWEEP_INTERVAL_MS, () => queueForgottenDeliveries(sequelize, FORGOTTEN_AFTER_SECONDS));
}
