import { createHmac, randomBytes } from 'node:crypto';
import { alertSentence, type AlertEvent } from './alert-events.js';

export type WebhookKind = 'standard' | 'telegram' | 'slack' | 'discord';

/**
 * Where an alert goes. `standard`: any receiver, signed per the Standard Webhooks spec with
 * `secret` (whsec_…); `telegram`: `secret` is the bot token, `chatId` the chat, `url` the Bot API
 * (https://api.telegram.org); `slack` and `discord`: their incoming-webhook URL, which is the secret.
 */
export type WebhookTarget = { kind: WebhookKind; url: string; secret?: string; chatId?: string };

export type WebhookRequest = { url: string; headers: Record<string, string>; body: string };

const SECRET_PREFIX = 'whsec_';

/** A signing secret as Standard Webhooks writes one: whsec_ and 24 random bytes in base64. */
export function newSigningSecret(): string {
  return SECRET_PREFIX + randomBytes(24).toString('base64');
}

/** `webhook-signature` of the spec: v1, then the base64 HMAC-SHA256 of `id.timestamp.body` under the secret's bytes. */
export function standardSignature(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

const JSON_CONTENT = { 'content-type': 'application/json' };

/** The HTTP request that delivers `event` to `target`, signed at `now` (a retry is signed again when it is sent). */
export function webhookRequest(target: WebhookTarget, event: AlertEvent, now: Date): WebhookRequest {
  switch (target.kind) {
    case 'standard': {
      const body = JSON.stringify({ type: event.type, timestamp: event.occurredAt, data: event.data });
      const timestamp = Math.floor(now.getTime() / 1000);
      return {
        url: target.url,
        headers: {
          ...JSON_CONTENT,
          'webhook-id': event.id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': standardSignature(target.secret!, event.id, timestamp, body),
        },
        body,
      };
    }
    case 'telegram':
      return {
        url: `${target.url.replace(/\/+$/, '')}/bot${target.secret!}/sendMessage`,
        headers: JSON_CONTENT,
        body: JSON.stringify({ chat_id: target.chatId, text: alertSentence(event), disable_web_page_preview: true }),
      };
    case 'slack':
      return { url: target.url, headers: JSON_CONTENT, body: JSON.stringify({ text: alertSentence(event) }) };
    case 'discord':
      // No @everyone or role pings from text that quotes a username.
      return {
        url: target.url,
        headers: JSON_CONTENT,
        body: JSON.stringify({ content: alertSentence(event), allowed_mentions: { parse: [] } }),
      };
  }
}
