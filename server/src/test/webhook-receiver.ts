import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { expect } from 'vitest';
import { webhookAddress } from '../alerts/webhook-address.js';
import { startAlertDelivery } from '../background-work.js';
import { startJobQueue } from '../jobs/job-queue.js';
import type { Logger } from '../logger.js';
import type { TestServer } from './test-server.js';

export type Received = { path: string; headers: IncomingHttpHeaders; body: string };

/** An HTTP receiver on this machine: answers each request with the next status of `answers` (then 204), and keeps what it got. */
export async function startReceiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      res.statusCode = answers.shift() ?? 204;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, received, answers, close: () => new Promise((resolve) => server.close(resolve)) };
}

export type VerifiedEvent = { type: string; data: Record<string, unknown> };

/**
 * A Standard Webhooks receiver subscribed to `events` on a test server started with
 * allowPrivateRpc, and the server's delivery of alerts through its own job queue (and nothing else
 * of its background work): what it received, each signature checked with the secret the server
 * answered once, as an operator's receiver would.
 */
export async function standardWebhookReceiver(api: TestServer, token: string, events: string[], logger: Logger) {
  const receiver = await startReceiver();
  const jobs = await startJobQueue(api.databaseUrl, logger);
  await startAlertDelivery(jobs, api.dependencies, logger, {
    fetch: webhookAddress(true).fetch,
    retry: { retryLimit: 3, retryDelaySeconds: 1, expiresInSeconds: 60 },
  });
  const hook = await api.request<{ signingSecret: string }>(
    'POST',
    '/api/admin/webhooks',
    { url: `${receiver.url}/alerts`, kind: 'standard', events },
    token,
  );
  expect(hook.status).toBe(201);
  const verifier = new Webhook(hook.body.signingSecret);
  return {
    /** Every event received so far, oldest first, each one's signature verified. */
    events: (): VerifiedEvent[] =>
      receiver.received.map((request) => {
        const { type, data } = verifier.verify(request.body, request.headers as Record<string, string>) as VerifiedEvent;
        return { type, data };
      }),
    async close() {
      await jobs.stop();
      await receiver.close();
    },
  };
}
