import { describe, expect, it } from 'vitest';
import type { WebhookDelivery } from '@stakedesk/shared/api-types';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import { adminEn, type AdminMessageKey } from '../../i18n/admin-en.js';
import { adminPtBR } from '../../i18n/admin-pt-BR.js';
import { attemptAnswer, deliveryAnswer } from './delivery-answer.js';

const translator = (catalogue: Record<AdminMessageKey, string>) => (key: AdminMessageKey, values?: Record<string, string | number>) =>
  catalogue[key].replace(/\{(\w+)\}/g, (match, name: string) => String(values?.[name] ?? match));

const delivery = (data: Partial<WebhookDelivery>): WebhookDelivery => ({
  id: 1,
  eventId: 'evt_1',
  event: 'webhook.test',
  status: 'failed',
  attempts: 1,
  lastStatusCode: null,
  lastError: null,
  lastReason: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  lastAttemptAt: '2025-01-01T00:00:00.000Z',
  deliveredAt: null,
  attemptLog: [],
  ...data,
});

describe("a webhook delivery's last answer", () => {
  const en = translator(adminEn);
  const pt = translator(adminPtBR);

  it('is the HTTP status the receiver answered', () => {
    const answered = delivery({
      lastStatusCode: 503,
      lastError: 'answered HTTP 503',
      lastReason: msg('webhookAnsweredStatus', { status: 503 }),
    });
    expect(deliveryAnswer(en, answered)).toBe('HTTP 503');
    expect(deliveryAnswer(pt, answered, 'pt-BR')).toBe('HTTP 503');
  });

  it("says why no answer came in the reader's language, by the delivery's code", () => {
    const refused = delivery({ lastError: 'no answer (ECONNREFUSED)', lastReason: msg('webhookConnectionRefused') });
    expect(deliveryAnswer(en, refused)).toBe('The receiver refused the connection');
    expect(deliveryAnswer(pt, refused, 'pt-BR')).toBe('O destinatário recusou a conexão');
    const slow = delivery({ lastError: 'no answer within 10 s', lastReason: msg('webhookNoAnswerInTime', { seconds: 10 }) });
    expect(deliveryAnswer(pt, slow, 'pt-BR')).toBe('O destinatário não respondeu em 10 segundos');
  });

  it('falls back to the English words of a delivery logged before reasons had codes, and to "No answer" without any', () => {
    expect(deliveryAnswer(en, delivery({ lastError: 'no answer within 10 s' }))).toBe('no answer within 10 s');
    expect(deliveryAnswer(en, delivery({}))).toBe('No answer');
    expect(deliveryAnswer(pt, delivery({}), 'pt-BR')).toBe('Sem resposta');
  });

  it('reads each attempt of the log the same way', () => {
    const at = '2025-01-01T00:00:00.000Z';
    expect(attemptAnswer(en, { status: 500, reason: msg('webhookAnsweredStatus', { status: 500 }), error: 'answered HTTP 500' })).toBe(
      'HTTP 500',
    );
    expect(attemptAnswer(pt, { status: null, reason: msg('webhookConnectionRefused'), error: 'no answer (ECONNREFUSED)' }, 'pt-BR')).toBe(
      'O destinatário recusou a conexão',
    );
    expect(deliveryAnswer(en, delivery({ lastStatusCode: 204, attemptLog: [{ at, status: 204, reason: null, error: null }] }))).toBe(
      'HTTP 204',
    );
  });
});
