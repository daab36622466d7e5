import { randomUUID } from 'node:crypto';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { keptWithDatabase } from '../db/kept-with-database.js';
import type { Logger } from '../logger.js';
import { alertSentence, type AlertEvent, type AlertEventData, type AlertEventType } from './alert-events.js';

type QueueDelivery = (job: { deliveryId: number }) => Promise<void>;

/** This server's way onto the delivery queue, once its job queue runs (background-work.ts), and its log. */
type AlertOutlet = { queueDelivery?: QueueDelivery; logger?: Logger };

const alertOutletOf = keptWithDatabase((): AlertOutlet => ({}));

/** Hands the server whose database this is the way its alerts are queued for delivery, and logged. */
export function deliverAlertsThrough(db: Sequelize, queueDelivery: QueueDelivery, logger: Logger): void {
  Object.assign(alertOutletOf(db), { queueDelivery, logger });
}

/** Money events that need a person: each is also one warning line in the server's log, whether or not a webhook listens. */
const NEEDS_A_PERSON: ReadonlySet<AlertEventType> = new Set([
  'payout.needs_review',
  'reserves.check_failed',
  'treasury.unexplained_outflow',
  'books.differences',
]);

/**
 * Puts deliveries on the queue, each once: a delivery is claimed (queued_at) before its job is
 * sent, so this process's after-commit hand-over and any instance's sweep never both send it.
 * Without a queue in this process the rows wait for an instance's sweep.
 */
export async function queueDeliveries(db: Sequelize, ids: number[]): Promise<void> {
  const { queueDelivery } = alertOutletOf(db);
  if (!queueDelivery || ids.length === 0) return;
  const claimed = await db.query<{ id: string }>(
    `UPDATE webhook_deliveries SET queued_at = now() WHERE id IN (:ids) AND queued_at IS NULL RETURNING id`,
    { replacements: { ids }, type: QueryTypes.SELECT },
  );
  for (const { id } of claimed) {
    try {
      await queueDelivery({ deliveryId: Number(id) });
    } catch (error) {
      await db.query(`UPDATE webhook_deliveries SET queued_at = NULL WHERE id = :id`, { replacements: { id } });
      throw error;
    }
  }
}

/** Deliveries no process handed to the queue (it stopped between commit and queueing): the sweep's work. */
export async function queueForgottenDeliveries(db: Sequelize, olderThanSeconds: number): Promise<void> {
  const rows = await db.query<{ id: string }>(
    `SELECT id FROM webhook_deliveries WHERE queued_at IS NULL AND created_at < now() - make_interval(secs => :olderThanSeconds)
     ORDER BY id LIMIT 500`,
    { replacements: { olderThanSeconds }, type: QueryTypes.SELECT },
  );
  await queueDeliveries(
    db,
    rows.map((row) => Number(row.id)),
  );
}

/** A new event: a fresh id, which every delivery and retry of it carries as `webhook-id`. */
export function newAlertEvent<T extends AlertEventType>(type: T, data: AlertEventData[T]): AlertEvent<T> {
  return { id: `evt_${randomUUID().replaceAll('-', '')}`, type, occurredAt: new Date().toISOString(), data } as AlertEvent<T>;
}

/**
 * Tells every webhook subscribed to `type` (DESIGN 13). Within the caller's transaction the
 * deliveries are written with its change and queued once it commits (none if it rolls back);
 * without one, at once. Returns the deliveries' ids.
 */
export async function emitAlert<T extends Exclude<AlertEventType, 'webhook.test'>>(
  db: Sequelize,
  type: T,
  data: AlertEventData[T],
  transaction?: Transaction,
): Promise<number[]> {
  const event = newAlertEvent(type, data);
  const alertLogger = alertOutletOf(db).logger;
  if (NEEDS_A_PERSON.has(type)) {
    const warn = () => alertLogger?.warn({ event: type, eventId: event.id }, alertSentence(event as AlertEvent));
    if (transaction) transaction.afterCommit(warn);
    else warn();
  }
  const rows = await db.query<{ id: string }>(
    `INSERT INTO webhook_deliveries (webhook_id, event_id, event_type, event)
     SELECT id, :eventId, :type, :event FROM webhooks WHERE :type = ANY (events) RETURNING id`,
    { replacements: { eventId: event.id, type, event: JSON.stringify(event) }, type: QueryTypes.SELECT, transaction },
  );
  const ids = rows.map((row) => Number(row.id));
  if (ids.length === 0) return ids;
  // What cannot be queued now waits for the sweep.
  const hand = () =>
    void queueDeliveries(db, ids).catch((error: unknown) => alertLogger?.warn({ err: error, type }, 'could not queue an alert'));
  if (transaction) transaction.afterCommit(hand);
  else hand();
  return ids;
}
