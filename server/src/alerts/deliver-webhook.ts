import { QueryTypes, type Sequelize } from 'sequelize';
import { msg, type CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import { urlIsSecret, type WebhookKind } from '@stakedesk/shared/webhooks';
import type { SecretBox } from '../secret-box.js';
import type { AlertEvent } from './alert-events.js';
import { deliveryFailure } from './delivery-failure.js';
import { webhookRequest, type WebhookRequest, type WebhookTarget } from './webhook-request.js';

/** A receiver gets this long to answer; a slower one counts as no answer and is retried. */
const ANSWER_TIMEOUT_MS = 10_000;

export const webhookSecretOwner = (webhookId: number) => `webhook:${webhookId}`;

type DeliveryRow = {
  id: string;
  webhook_id: number;
  event: AlertEvent;
  delivered_at: Date | null;
  gave_up_at: Date | null;
  kind: WebhookKind;
  url: string;
  secret_box: string | null;
  chat_id: string | null;
};

/**
 * How an attempt ended: `ok` when the receiver answered 2xx. Otherwise why, by code (`reason`)
 * and in English words safe to log (`error`): never the request's URL (a Telegram bot token or a
 * Slack URL is its secret), only the kind of failure.
 */
export type AttemptResult = { ok: boolean; statusCode: number | null; error: string | null; reason: CodedMessage | null };

const SECRET_UNREADABLE: AttemptResult = {
  ok: false,
  statusCode: null,
  error: 'its secret cannot be opened: JWT_SECRET changed since it was saved',
  reason: msg('webhookSecretUnreadable'),
};

function targetOf(row: DeliveryRow, secret: string | undefined): WebhookTarget {
  return { kind: row.kind, url: urlIsSecret(row.kind) ? (secret ?? row.url) : row.url, secret, chatId: row.chat_id ?? undefined };
}

async function send(fetchWebhook: typeof fetch, request: WebhookRequest): Promise<AttemptResult> {
  try {
    const response = await fetchWebhook(request.url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      redirect: 'error',
      signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (response.ok) return { ok: true, statusCode: response.status, error: null, reason: null };
    const status = response.status;
    return { ok: false, statusCode: status, error: `answered HTTP ${status}`, reason: msg('webhookAnsweredStatus', { status }) };
  } catch (error) {
    return { ok: false, statusCode: null, ...deliveryFailure(error, ANSWER_TIMEOUT_MS) };
  }
}

/**
 * One attempt at one delivery, written to its row and to its attempts. Nothing is sent for a delivery already
 * delivered or given up (a retry that raced another instance), or whose webhook was deleted.
 * `final`: no retry follows, so a failure gives up.
 */
export async function attemptDelivery(
  db: Sequelize,
  box: SecretBox,
  fetchWebhook: typeof fetch,
  deliveryId: number,
  final: boolean,
): Promise<AttemptResult | null> {
  const [row] = await db.query<DeliveryRow>(
    `SELECT d.id, d.webhook_id, d.event, d.delivered_at, d.gave_up_at, w.kind, w.url, w.secret_box, w.chat_id
     FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id WHERE d.id = :deliveryId`,
    { replacements: { deliveryId }, type: QueryTypes.SELECT },
  );
  if (!row || row.delivered_at || row.gave_up_at) return null;
  const secret = row.secret_box ? (box.openFor(webhookSecretOwner(row.webhook_id), row.secret_box) ?? undefined) : undefined;
  const result =
    row.secret_box && secret === undefined
      ? // Sealed under another JWT_SECRET: nothing is sent unsigned or to a guessed URL.
        SECRET_UNREADABLE
      : await send(fetchWebhook, webhookRequest(targetOf(row, secret), row.event, new Date()));
  // The delivery keeps its last attempt; the attempts table keeps each one, written in the same statement.
  await db.query(
    `WITH attempted AS (
       UPDATE webhook_deliveries SET attempts = attempts + 1, last_status_code = :statusCode, last_error = :error,
         last_reason = :reason, last_attempt_at = now(), delivered_at = CASE WHEN :ok THEN now() END,
         gave_up_at = CASE WHEN NOT :ok AND :final THEN now() END
       WHERE id = :deliveryId
       RETURNING id, last_attempt_at)
     INSERT INTO webhook_delivery_attempts (delivery_id, attempted_at, status_code, error, reason)
     SELECT id, last_attempt_at, :statusCode::integer, :error::text, :reason::jsonb FROM attempted`,
    {
      replacements: {
        deliveryId,
        statusCode: result.statusCode,
        error: result.error,
        reason: result.reason ? JSON.stringify(result.reason) : null,
        ok: result.ok,
        final,
      },
    },
  );
  return result;
}
