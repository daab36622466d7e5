import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDelivery } from '@stakedesk/shared/api-types';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import * as migration from './030-webhook-delivery-attempts.js';

let api: TestServer;
let token: string;

beforeAll(async () => {
  api = await startTestServer({ allowPrivateRpc: true });
  token = await api.login();
});
afterAll(() => api.close());

const sql = (text: string) => api.db.query(text);

describe('migration 030 on a database whose deliveries kept only their last attempt', () => {
  it('keeps that attempt as the first of each delivery’s log; a delivery never attempted has none', async () => {
    const webhook = await api.request(
      'POST',
      '/api/admin/webhooks',
      { url: 'https://example.com/hook', kind: 'standard', events: ['login.throttled'] },
      token,
    );
    expect(webhook.status).toBe(201);
    await migration.down({ context: sql });
    // As the server wrote them before: a delivery retried three times (the last answered 502), and one still waiting.
    await api.db.query(
      `INSERT INTO webhook_deliveries (webhook_id, event_id, event_type, event, attempts, last_status_code, last_error, last_reason, last_attempt_at, created_at)
       VALUES (:id, 'msg_retried', 'login.throttled', '{}', 3, 502, 'answered HTTP 502', '{"code":"webhookAnsweredStatus","params":{"status":502}}',
               '2026-12-05T03:20:00Z', '2026-12-05T03:00:00Z'),
              (:id, 'msg_waiting', 'login.throttled', '{}', 0, NULL, NULL, NULL, NULL, '2026-12-05T03:30:00Z')`,
      { replacements: { id: webhook.body.id } },
    );
    await migration.up({ context: sql });

    const deliveries = await api.request<WebhookDelivery[]>('GET', `/api/admin/webhooks/${webhook.body.id}/deliveries`, undefined, token);
    expect(deliveries.status).toBe(200);
    const [waiting, retried] = deliveries.body;
    expect(waiting).toMatchObject({ eventId: 'msg_waiting', status: 'pending', attempts: 0, attemptLog: [] });
    expect(retried).toMatchObject({ eventId: 'msg_retried', attempts: 3, lastStatusCode: 502 });
    expect(retried!.attemptLog).toEqual([
      {
        at: '2026-12-05T03:20:00.000Z',
        status: 502,
        reason: { code: 'webhookAnsweredStatus', params: { status: 502 } },
        error: 'answered HTTP 502',
      },
    ]);
  });
});
