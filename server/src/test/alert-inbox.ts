import { QueryTypes } from 'sequelize';
import { expect } from 'vitest';
import type { TestServer } from './test-server.js';

export type SentAlert = { event: string; data: Record<string, unknown> };

/**
 * A webhook subscribed to `events` at an address nothing listens on (the server needs
 * allowPrivateRpc): every alert is still written as a delivery, whose attempts fail. Answers a
 * reader of what the server sent it, oldest first, as the receiver would have got it.
 */
export async function alertInbox(api: TestServer, token: string, events: string[]): Promise<() => Promise<SentAlert[]>> {
  const hook = await api.request<{ id: number }>(
    'POST',
    '/api/admin/webhooks',
    { url: 'http://127.0.0.1:9/alerts', kind: 'standard', events },
    token,
  );
  expect(hook.status).toBe(201);
  return async () => {
    const rows = await api.db.query<{ event: { type: string; data: Record<string, unknown> } }>(
      `SELECT event FROM webhook_deliveries WHERE webhook_id = :id ORDER BY id`,
      { replacements: { id: hook.body.id }, type: QueryTypes.SELECT },
    );
    return rows.map(({ event }) => ({ event: event.type, data: event.data }));
  };
}
