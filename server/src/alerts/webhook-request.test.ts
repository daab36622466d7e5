import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import type { AlertEvent } from './alert-events.js';
import { newSigningSecret, webhookRequest } from './webhook-request.js';

const requested: AlertEvent<'withdrawal.requested'> = {
  id: 'evt_0001',
  type: 'withdrawal.requested',
  occurredAt: '2026-11-26T09:00:00.000Z',
  data: { withdrawalId: 42, wallet: 'HoLder1111111111111111111111111111111111111', amount: '1,080', symbol: 'SDT' },
};

describe('a standard webhook', () => {
  it('is signed so that the Standard Webhooks verifier accepts it and reads the event back', () => {
    const secret = newSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const request = webhookRequest({ kind: 'standard', url: 'https://alerts.example.com/in', secret }, requested, new Date());
    expect(request.url).toBe('https://alerts.example.com/in');
    expect(request.headers['webhook-id']).toBe('evt_0001');
    expect(new Webhook(secret).verify(request.body, request.headers)).toEqual({
      type: 'withdrawal.requested',
      timestamp: '2026-11-26T09:00:00.000Z',
      data: requested.data,
    });
  });

  it('fails verification when the body, the secret or the timestamp is not the one signed', () => {
    const secret = newSigningSecret();
    const request = webhookRequest({ kind: 'standard', url: 'https://alerts.example.com/in', secret }, requested, new Date());
    const verify =
      (body: string, headers: Record<string, string>, key = secret) =>
      () =>
        new Webhook(key).verify(body, headers);
    expect(verify(request.body.replace('1,080', '9,080'), request.headers)).toThrow(WebhookVerificationError);
    expect(verify(request.body, request.headers, newSigningSecret())).toThrow(WebhookVerificationError);
    const shifted = { ...request.headers, 'webhook-timestamp': String(Number(request.headers['webhook-timestamp']) + 1) };
    expect(verify(request.body, shifted)).toThrow(WebhookVerificationError);
    // Signed an hour ago (a delivery held that long): the verifier refuses it as a possible replay.
    const old = webhookRequest(
      { kind: 'standard', url: 'https://alerts.example.com/in', secret },
      requested,
      new Date(Date.now() - 3_600_000),
    );
    expect(verify(old.body, old.headers)).toThrow(WebhookVerificationError);
  });
});

describe('chat formats', () => {
  const sentence = 'Withdrawal #42 requested: 1,080 SDT to HoLder1111111111111111111111111111111111111.';

  it('Telegram: the Bot API sendMessage of the bot token, to the chat', () => {
    const request = webhookRequest(
      { kind: 'telegram', url: 'https://api.telegram.org/', secret: '123:abc', chatId: '-100200' },
      requested,
      new Date(),
    );
    expect(request.url).toBe('https://api.telegram.org/bot123:abc/sendMessage');
    expect(JSON.parse(request.body)).toEqual({ chat_id: '-100200', text: sentence, disable_web_page_preview: true });
  });

  it('Slack and Discord: their incoming webhook payloads, Discord without pings', () => {
    const slack = webhookRequest({ kind: 'slack', url: 'https://hooks.slack.com/services/T/B/X' }, requested, new Date());
    expect(JSON.parse(slack.body)).toEqual({ text: sentence });
    const discord = webhookRequest({ kind: 'discord', url: 'https://discord.com/api/webhooks/1/x' }, requested, new Date());
    expect(JSON.parse(discord.body)).toEqual({ content: sentence, allowed_mentions: { parse: [] } });
    expect(discord.headers['webhook-signature']).toBeUndefined();
  });
});
