import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { Dependencies } from '../dependencies.js';
import type {
  AdminWebhook,
  ChangeRequest,
  CreatedWebhook,
  WebhookDelivery,
  WebhookDeliveryAttempt,
  WebhookDeliveryStatus,
} from '@stakedesk/shared/api-types';
import { msg, type CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import type { WebhookInput } from '@stakedesk/shared/schemas';
import { TELEGRAM_API_URL, urlIsSecret, type WebhookEvent, type WebhookKind } from '@stakedesk/shared/webhooks';
import type { SecretBox } from '../secret-box.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { badRequest, conflict, notFound } from '../errors.js';
import type { ChangeApplier, FourEyes, StoredChangeRequest } from '../http/four-eyes-contract.js';
import { attemptDelivery, webhookSecretOwner } from './deliver-webhook.js';
import { newAlertEvent } from './emit-alert.js';
import type { WebhookAddress } from './webhook-address.js';
import { newSigningSecret } from './webhook-request.js';

/** What the webhook services need: the database, the key secrets are sealed with, how webhook URLs are reached. */
export type WebhookContext = Pick<Dependencies, 'database'> & { box: SecretBox; address: WebhookAddress };

type WebhookRow = {
  id: number;
  kind: WebhookKind;
  url: string;
  events: WebhookEvent[];
  secret_box: string | null;
  chat_id: string | null;
  created_at: Date;
  updated_at: Date;
};

const DELIVERIES_SHOWN = 50;
const SIGNING_SECRET = /^whsec_[A-Za-z0-9+/]+={0,2}$/;

function toWebhookJson(row: WebhookRow): AdminWebhook {
  return {
    id: row.id,
    kind: row.kind,
    url: row.url,
    events: row.events,
    chatId: row.chat_id,
    hasSecret: row.secret_box !== null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** A Slack or Discord URL is shown and stored in the clear as its origin only. */
const shownUrl = (kind: WebhookKind, url: string) => (urlIsSecret(kind) ? `${new URL(url).origin}/…` : url);

export async function listWebhooks(db: Sequelize): Promise<AdminWebhook[]> {
  const rows = await db.query<WebhookRow>(`SELECT * FROM webhooks ORDER BY id`, { type: QueryTypes.SELECT });
  return rows.map(toWebhookJson);
}

async function lockWebhook(db: Sequelize, id: number, transaction: Transaction): Promise<WebhookRow> {
  const [row] = await db.query<WebhookRow>(`SELECT * FROM webhooks WHERE id = :id FOR UPDATE`, {
    replacements: { id },
    type: QueryTypes.SELECT,
    transaction,
  });
  if (!row) throw notFound(msg('webhookNotFound'));
  return row;
}

type Resolved = { url: string; chatId: string | null; secret: string | undefined; generated: boolean };

/**
 * The stored form of a webhook from the form's fields: its reachable URL (checked against the
 * URL rule), its chat, and the secret to seal (undefined: keep the stored one).
 */
async function resolveInput(ctx: WebhookContext, input: WebhookInput, stored: WebhookRow | null): Promise<Resolved> {
  const sameKind = stored?.kind === input.kind;
  const secret = input.secret || undefined;
  const url = input.url || (input.kind === 'telegram' ? TELEGRAM_API_URL : '');
  const keepsSecretUrl = urlIsSecret(input.kind) && !url && sameKind;
  if (!url && !keepsSecretUrl) throw badRequest(msg('webhookUrlRequired'), { url: msg('webhookUrlRequired') });
  if (url) {
    const refusal = await ctx.address.refuse(url);
    if (refusal) throw badRequest(refusal, { url: refusal });
  }
  switch (input.kind) {
    case 'standard':
      if (secret && !SIGNING_SECRET.test(secret))
        throw badRequest(msg('webhookSecretNotStandard'), { secret: msg('webhookSecretNotStandard') });
      if (!secret && !sameKind) return { url, chatId: null, secret: newSigningSecret(), generated: true };
      return { url, chatId: null, secret, generated: false };
    case 'telegram':
      if (!secret && !sameKind) throw badRequest(msg('telegramBotTokenRequired'), { secret: msg('telegramBotTokenRequired') });
      if (!input.chatId) throw badRequest(msg('telegramChatIdRequired'), { chatId: msg('telegramChatIdRequired') });
      return { url, chatId: input.chatId, secret, generated: false };
    case 'slack':
    case 'discord':
      return { url: keepsSecretUrl ? stored!.url : shownUrl(input.kind, url), chatId: null, secret: url || undefined, generated: false };
  }
}

async function saveSecret(ctx: WebhookContext, transaction: Transaction, id: number, secret: string | undefined): Promise<void> {
  if (secret === undefined) return;
  await ctx.database.query(`UPDATE webhooks SET secret_box = :box WHERE id = :id`, {
    replacements: { id, box: ctx.box.sealFor(webhookSecretOwner(id), secret) },
    transaction,
  });
}

async function readWebhook(db: Sequelize, id: number, transaction: Transaction): Promise<WebhookRow> {
  const [row] = await db.query<WebhookRow>(`SELECT * FROM webhooks WHERE id = :id`, {
    replacements: { id },
    type: QueryTypes.SELECT,
    transaction,
  });
  return row!;
}

/** A new webhook; a standard one's signing secret, when the server made it, is in this answer and never again. */
export async function createWebhook(ctx: WebhookContext, input: WebhookInput, actor: Actor): Promise<CreatedWebhook> {
  const resolved = await resolveInput(ctx, input, null);
  return ctx.database.transaction(async (transaction) => {
    const [row] = await ctx.database.query<{ id: number }>(
      `INSERT INTO webhooks (kind, url, events, chat_id) VALUES (:kind, :url, ARRAY[:events]::text[], :chatId) RETURNING id`,
      {
        replacements: { kind: input.kind, url: resolved.url, events: input.events, chatId: resolved.chatId },
        type: QueryTypes.SELECT,
        transaction,
      },
    );
    await saveSecret(ctx, transaction, row!.id, resolved.secret);
    const webhook = toWebhookJson(await readWebhook(ctx.database, row!.id, transaction));
    await recordAudit(ctx.database, transaction, actor, {
      action: 'webhook.create',
      entityType: 'webhook',
      entityId: webhook.id,
      after: webhook,
    });
    return resolved.generated ? { ...webhook, signingSecret: resolved.secret } : webhook;
  });
}

export async function updateWebhook(ctx: WebhookContext, id: number, input: WebhookInput, actor: Actor): Promise<CreatedWebhook> {
  return ctx.database.transaction(async (transaction) => {
    const stored = await lockWebhook(ctx.database, id, transaction);
    const resolved = await resolveInput(ctx, input, stored);
    await ctx.database.query(
      `UPDATE webhooks SET kind = :kind, url = :url, events = ARRAY[:events]::text[], chat_id = :chatId, updated_at = now() WHERE id = :id`,
      { replacements: { id, kind: input.kind, url: resolved.url, events: input.events, chatId: resolved.chatId }, transaction },
    );
    await saveSecret(ctx, transaction, id, resolved.secret);
    const webhook = toWebhookJson(await readWebhook(ctx.database, id, transaction));
    await recordAudit(ctx.database, transaction, actor, {
      action: 'webhook.update',
      entityType: 'webhook',
      entityId: id,
      before: toWebhookJson(stored),
      after: { ...webhook, secretChanged: resolved.secret !== undefined },
    });
    return resolved.generated ? { ...webhook, signingSecret: resolved.secret } : webhook;
  });
}

async function removeWebhook(ctx: Pick<WebhookContext, 'database'>, transaction: Transaction, stored: WebhookRow, actor: WebhookRemover) {
  await ctx.database.query(`DELETE FROM webhooks WHERE id = :id`, { replacements: { id: stored.id }, transaction });
  await recordAudit(ctx.database, transaction, actor, {
    action: 'webhook.delete',
    entityType: 'webhook',
    entityId: stored.id,
    before: toWebhookJson(stored),
  });
}

type WebhookRemover = Parameters<ChangeApplier['apply']>[2];

/**
 * Removing a webhook silences alerts, so with two or more owners it waits for another owner's
 * approval (DESIGN 17): the answer is then the change request; null when it was removed now.
 */
export async function deleteWebhook(ctx: WebhookContext, id: number, actor: Actor, fourEyes: FourEyes): Promise<ChangeRequest | null> {
  return ctx.database.transaction(async (transaction) => {
    const stored = await lockWebhook(ctx.database, id, transaction);
    if (await fourEyes.required(transaction)) {
      return fourEyes.request(transaction, actor, {
        kind: 'webhook.remove',
        target: { id, name: stored.url },
        changes: [{ field: 'webhook', from: stored.url, to: null }],
      });
    }
    await removeWebhook(ctx, transaction, stored, actor);
    return null;
  });
}

/** An approved removal: the webhook must still be there, at the address the owners approved removing. */
export function webhookRemovalApplier(database: WebhookContext['database']): ChangeApplier {
  async function lockApproved(transaction: Transaction, request: StoredChangeRequest): Promise<WebhookRow> {
    const [row] = await database.query<WebhookRow>(`SELECT * FROM webhooks WHERE id = :id FOR UPDATE`, {
      replacements: { id: request.targetId },
      type: QueryTypes.SELECT,
      transaction,
    });
    const approved = request.changes.find((change) => change.field === 'webhook');
    if (!row || row.url !== approved?.from) throw conflict(msg('changeRequestStale', { field: msg('fieldWebhook') }), { field: 'webhook' });
    return row;
  }
  return {
    async check(transaction, request) {
      await lockApproved(transaction, request);
      return 0;
    },
    apply: async (transaction, request, actor) => removeWebhook({ database }, transaction, await lockApproved(transaction, request), actor),
  };
}

type DeliveryRow = {
  id: string;
  event_id: string;
  event_type: string;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  last_reason: CodedMessage | null;
  created_at: Date;
  last_attempt_at: Date | null;
  delivered_at: Date | null;
  gave_up_at: Date | null;
  /** Oldest first, as json_agg writes them (times as ISO text). */
  attempt_log: WebhookDeliveryAttempt[];
};

function deliveryStatus(row: DeliveryRow): WebhookDeliveryStatus {
  if (row.delivered_at) return 'delivered';
  if (row.gave_up_at) return 'failed';
  return row.attempts > 0 ? 'retrying' : 'pending';
}

function toDeliveryJson(row: DeliveryRow): WebhookDelivery {
  return {
    id: Number(row.id),
    eventId: row.event_id,
    event: row.event_type,
    status: deliveryStatus(row),
    attempts: row.attempts,
    lastStatusCode: row.last_status_code,
    lastError: row.last_error,
    lastReason: row.last_reason,
    createdAt: row.created_at.toISOString(),
    lastAttemptAt: row.last_attempt_at?.toISOString() ?? null,
    deliveredAt: row.delivered_at?.toISOString() ?? null,
    attemptLog: row.attempt_log.map((attempt) => ({ ...attempt, at: new Date(attempt.at).toISOString() })),
  };
}

const DELIVERY_COLUMNS = `d.id, d.event_id, d.event_type, d.attempts, d.last_status_code, d.last_error, d.last_reason, d.created_at,
  d.last_attempt_at, d.delivered_at, d.gave_up_at,
  (SELECT coalesce(json_agg(json_build_object('at', a.attempted_at, 'status', a.status_code, 'reason', a.reason, 'error', a.error)
     ORDER BY a.id), '[]'::json)
   FROM webhook_delivery_attempts a WHERE a.delivery_id = d.id) AS attempt_log`;

/** The webhook's latest deliveries, newest first, each with its attempts. */
export async function listDeliveries(db: Sequelize, webhookId: number): Promise<WebhookDelivery[]> {
  const [exists] = await db.query(`SELECT 1 FROM webhooks WHERE id = :webhookId`, {
    replacements: { webhookId },
    type: QueryTypes.SELECT,
  });
  if (!exists) throw notFound(msg('webhookNotFound'));
  const rows = await db.query<DeliveryRow>(
    `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d WHERE d.webhook_id = :webhookId ORDER BY d.id DESC LIMIT ${DELIVERIES_SHOWN}`,
    { replacements: { webhookId }, type: QueryTypes.SELECT },
  );
  return rows.map(toDeliveryJson);
}

/**
 * The panel's "Send test": a webhook.test event to this webhook alone, sent now, once (no
 * retries: the operator is watching), and logged with its deliveries.
 */
export async function sendTest(ctx: WebhookContext, webhookId: number): Promise<WebhookDelivery> {
  const event = newAlertEvent('webhook.test', { webhookId });
  const [row] = await ctx.database.query<{ id: string }>(
    `INSERT INTO webhook_deliveries (webhook_id, event_id, event_type, event, queued_at)
     SELECT id, :eventId, :type, :event, now() FROM webhooks WHERE id = :webhookId RETURNING id`,
    { replacements: { webhookId, eventId: event.id, type: event.type, event: JSON.stringify(event) }, type: QueryTypes.SELECT },
  );
  if (!row) throw notFound(msg('webhookNotFound'));
  await attemptDelivery(ctx.database, ctx.box, ctx.address.fetch, Number(row.id), true);
  const [delivery] = await ctx.database.query<DeliveryRow>(`SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d WHERE d.id = :id`, {
    replacements: { id: row.id },
    type: QueryTypes.SELECT,
  });
  return toDeliveryJson(delivery!);
}
