import type { Sequelize } from 'sequelize';
import type { SecretBox } from '../secret-box.js';
import type { Attempt, RetryPolicy } from '../jobs/job-queue.js';
import { attemptDelivery } from './deliver-webhook.js';
import { queueForgottenDeliveries } from './emit-alert.js';

/**
 * Retried for about a day (DESIGN 13): 11 retries, the first after 30-60 s, each wait about
 * double the last, so the last one comes 17 to 34 hours (25 on average) after the first attempt.
 * An attempt waits at most 10 s for the receiver's answer: one still running after a minute died
 * with its server and is tried again then (with pg-boss's default, 15 minutes later).
 */
export const WEBHOOK_RETRY: RetryPolicy = { retryLimit: 11, retryDelaySeconds: 30, expiresInSeconds: 60 };

/** How often an instance looks for deliveries no process handed to the queue. */
export const WEBHOOK_SWEEP_INTERVAL_MS = 30_000;
/** A delivery its process did not queue this long after it was written: that process stopped before it could. */
const FORGOTTEN_AFTER_SECONDS = 20;

export type WebhookDeliveryOptions = {
  box: SecretBox;
  fetch: typeof fetch;
  retry?: RetryPolicy;
};

/** One job of the delivery queue: one delivery's attempt, written to its row; a failed one throws, to be retried. */
export function attemptDeliveryJob(
  db: Sequelize,
  { box, fetch }: Pick<WebhookDeliveryOptions, 'box' | 'fetch'>,
): (job: { deliveryId: number }, attempt: Attempt) => Promise<void> {
  return async ({ deliveryId }, { final }) => {
    const result = await attemptDelivery(db, box, fetch, deliveryId, final);
    if (result && !result.ok) throw new Error(`webhook delivery ${deliveryId} failed: ${result.error}`);
  };
}

/** The sweep: deliveries written but never queued (their process stopped between commit and queueing). */
export const queueForgottenWebhookDeliveries = (db: Sequelize) => queueForgottenDeliveries(db, FORGOTTEN_AFTER_SECONDS);
