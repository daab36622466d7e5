import { Writable } from 'node:stream';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackgroundWork } from '../background-work.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { createLogger } from '../logger.js';
import { waitUntil } from '../test/second-instance.js';
import { ADMIN, STEP_UP, startTestServer, type TestServer } from '../test/test-server.js';
import { startReceiver, type Received } from '../test/webhook-receiver.js';
import { webhookAddress } from './webhook-address.js';

const logLines: string[] = [];
const logger = createLogger(
  'debug',
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  }),
);

let api: TestServer;
let jobs: JobQueue;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let rootToken: string;
/** Every answer's body the tests read, to look for secrets in. */
const answers: string[] = [];

beforeAll(async () => {
  receiver = await startReceiver();
  api = await startTestServer({ allowPrivateRpc: true, logger });
  jobs = await startBackgroundWork({
    dependencies: { ...api.dependencies, chain: api.chain },
    databaseUrl: api.databaseUrl,
    logger,
    // The chain and expiry tasks run once at start; only the alerts matter here.
    intervals: { expiryMs: 600_000, payoutFollowMs: 600_000, depositFollowMs: 600_000 },
    webhooks: {
      fetch: webhookAddress(true).fetch,
      // Retries a second or two apart rather than from 30 s.
      retry: { retryLimit: 3, retryDelaySeconds: 1, expiresInSeconds: 60 },
    },
  });
  rootToken = await api.login();
});
afterAll(async () => {
  await jobs.stop();
  await api.close();
  await receiver.close();
});

async function call(method: string, path: string, body?: unknown, token = rootToken) {
  const response = await api.request(method, path, body, token);
  answers.push(JSON.stringify(response.body ?? ''));
  return response;
}

const verified = (secret: string, request: Received) =>
  new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as { type: string; data: unknown };

let standard: { id: number; secret: string };

describe('a standard webhook', () => {
  it('is answered its signing secret once, and every list shows only that it has one', async () => {
    const created = await call('POST', '/api/admin/webhooks', {
      url: `${receiver.url}/standard`,
      kind: 'standard',
      events: ['login.throttled', 'settings.step_up_change'],
    });
    expect(created.status).toBe(201);
    expect(created.body.signingSecret).toMatch(/^whsec_/);
    standard = { id: created.body.id, secret: created.body.signingSecret };
    const list = await call('GET', '/api/admin/webhooks');
    expect(list.body).toEqual([
      expect.objectContaining({ id: standard.id, kind: 'standard', url: `${receiver.url}/standard`, hasSecret: true }),
    ]);
    expect(list.body[0]).not.toHaveProperty('signingSecret');
  });

  it('gets a signed login.throttled alert, answers 500, and gets the same event again, which the Standard Webhooks verifier accepts', async () => {
    receiver.answers.push(500);
    // Wrong passwords for one username from one client until the server throttles it.
    for (let tries = 0; tries < 8 && receiver.received.length === 0; tries++) {
      await api.request('POST', '/api/admin/login', { username: 'intruder', password: 'guess' });
    }
    await waitUntil(async () => receiver.received.length >= 2, 15_000, 'a retried delivery');
    const [first, retry] = receiver.received;
    expect(first!.path).toBe('/standard');
    expect(verified(standard.secret, first!)).toEqual({
      type: 'login.throttled',
      timestamp: expect.any(String),
      data: { username: 'intruder' },
    });
    expect(verified(standard.secret, retry!)).toEqual(verified(standard.secret, first!));
    expect(retry!.headers['webhook-id']).toBe(first!.headers['webhook-id']);

    const deliveries = await call('GET', `/api/admin/webhooks/${standard.id}/deliveries`);
    expect(deliveries.status).toBe(200);
    expect(deliveries.body).toEqual([
      expect.objectContaining({
        event: 'login.throttled',
        status: 'delivered',
        attempts: 2,
        lastStatusCode: 204,
        lastError: null,
        lastReason: null,
      }),
    ]);
    // Each attempt with its time and answer, not only the last (as Svix and Stripe show them).
    const [refused, accepted] = deliveries.body[0].attemptLog;
    expect(deliveries.body[0].attemptLog).toHaveLength(2);
    expect(refused).toEqual({
      at: expect.any(String),
      status: 500,
      reason: { code: 'webhookAnsweredStatus', params: { status: 500 } },
      error: 'answered HTTP 500',
    });
    expect(accepted).toEqual({ at: expect.any(String), status: 204, reason: null, error: null });
    expect(Date.parse(refused.at)).toBeLessThan(Date.parse(accepted.at));
    expect(accepted.at).toBe(deliveries.body[0].lastAttemptAt);
  });

  it('"Send test" delivers a webhook.test event at once and answers how it went', async () => {
    const before = receiver.received.length;
    const test = await call('POST', `/api/admin/webhooks/${standard.id}/test`);
    expect(test.status).toBe(200);
    expect(test.body).toEqual(expect.objectContaining({ event: 'webhook.test', status: 'delivered', attempts: 1, lastStatusCode: 204 }));
    expect(receiver.received).toHaveLength(before + 1);
    expect(verified(standard.secret, receiver.received[before]!)).toEqual(
      expect.objectContaining({ type: 'webhook.test', data: { webhookId: standard.id } }),
    );

    receiver.answers.push(503);
    const failed = await call('POST', `/api/admin/webhooks/${standard.id}/test`);
    expect(failed.body).toEqual(
      expect.objectContaining({
        status: 'failed',
        attempts: 1,
        lastStatusCode: 503,
        lastError: 'answered HTTP 503',
        lastReason: { code: 'webhookAnsweredStatus', params: { status: 503 } },
        attemptLog: [
          {
            at: expect.any(String),
            status: 503,
            reason: { code: 'webhookAnsweredStatus', params: { status: 503 } },
            error: 'answered HTTP 503',
          },
        ],
      }),
    );
  });
});

describe('chat webhooks and secrets', () => {
  const BOT_TOKEN = '7000001:AAH-secret-bot-token';
  const slackPath = '/services/T0001/B0001/slack-secret-part';

  it('a viewer reads webhooks and deliveries but changes nothing; no answer and no log line holds a secret', async () => {
    const telegram = await call('POST', '/api/admin/webhooks', {
      url: `${receiver.url}/tg`,
      kind: 'telegram',
      events: ['settings.step_up_change'],
      secret: BOT_TOKEN,
      chatId: '-1001',
    });
    expect(telegram.status).toBe(201);
    expect(telegram.body).not.toHaveProperty('signingSecret');
    const slack = await call('POST', '/api/admin/webhooks', {
      url: `${receiver.url}${slackPath}`,
      kind: 'slack',
      events: ['settings.step_up_change'],
    });
    expect(slack.status).toBe(201);
    expect(slack.body.url).toBe(`${receiver.url}/…`);

    // Making an admin is a step-up change: each of the three webhooks is told.
    const before = receiver.received.length;
    const viewer = { email: 'viewer@example.com', username: 'viewer', password: 'viewer password', role: 'viewer', ...STEP_UP };
    expect((await call('POST', '/api/admin/admins', viewer)).status).toBe(201);
    await waitUntil(async () => receiver.received.length >= before + 3, 15_000, 'three deliveries');
    const paths = receiver.received.slice(before).map((request) => request.path);
    expect(paths.sort()).toEqual(['/standard', `/tg/bot${BOT_TOKEN}/sendMessage`, slackPath].sort());
    const sentence = `${ADMIN.username} changed admin.create (confirmed with step-up).`;
    expect(JSON.parse(receiver.received.find((r) => r.path === slackPath)!.body)).toEqual({ text: sentence });

    const viewerToken = await api.login('viewer', 'viewer password');
    expect((await call('GET', '/api/admin/webhooks', undefined, viewerToken)).body).toHaveLength(3);
    expect((await call('GET', `/api/admin/webhooks/${slack.body.id}/deliveries`, undefined, viewerToken)).body).toEqual([
      expect.objectContaining({ event: 'settings.step_up_change', status: 'delivered' }),
    ]);
    for (const [method, path] of [
      ['POST', '/api/admin/webhooks'],
      ['PUT', `/api/admin/webhooks/${slack.body.id}`],
      ['DELETE', `/api/admin/webhooks/${slack.body.id}`],
      ['POST', `/api/admin/webhooks/${slack.body.id}/test`],
    ] as const) {
      const refused = await call(method, path, { url: 'https://example.com', kind: 'slack', events: ['login.throttled'] }, viewerToken);
      expect(refused.status).toBe(403);
    }

    // An edit that leaves the secrets blank keeps them: the next test still reaches the bot's path.
    const edited = await call('PUT', `/api/admin/webhooks/${telegram.body.id}`, {
      url: `${receiver.url}/tg`,
      kind: 'telegram',
      events: ['settings.step_up_change', 'login.throttled'],
      chatId: '-1002',
    });
    expect(edited.status).toBe(200);
    expect((await call('POST', `/api/admin/webhooks/${telegram.body.id}/test`)).body.status).toBe('delivered');
    expect(receiver.received.at(-1)!.path).toBe(`/tg/bot${BOT_TOKEN}/sendMessage`);
    expect(JSON.parse(receiver.received.at(-1)!.body)).toEqual(expect.objectContaining({ chat_id: '-1002' }));

    await call('GET', '/api/admin/webhooks');
    await call('GET', '/api/admin/audit-log');
    const secrets = [BOT_TOKEN, 'slack-secret-part', standard.secret, standard.secret.slice('whsec_'.length)];
    const creationAnswer = answers.find((answer) => answer.includes(standard.secret));
    for (const secret of secrets) {
      // The standard webhook's creation answer is the one place its own secret appears.
      expect(answers.filter((answer) => answer !== creationAnswer && answer.includes(secret))).toEqual([]);
      expect(logLines.filter((line) => line.includes(secret))).toEqual([]);
    }
    expect(logLines.length).toBeGreaterThan(10);
  });

  it('a deleted webhook is gone with its deliveries', async () => {
    const [first] = (await call('GET', '/api/admin/webhooks')).body;
    expect((await call('DELETE', `/api/admin/webhooks/${first.id}`)).status).toBe(204);
    expect((await call('GET', `/api/admin/webhooks/${first.id}/deliveries`)).status).toBe(404);
    expect((await call('GET', '/api/admin/webhooks')).body).toHaveLength(2);
  });
});

it("a secret copied onto another webhook's row does not open there: nothing is sent, and the log says why", async () => {
  const webhooks = (await call('GET', '/api/admin/webhooks')).body as { id: number; kind: string }[];
  const telegram = webhooks.find((webhook) => webhook.kind === 'telegram')!;
  await api.db.query(`UPDATE webhooks SET secret_box = (SELECT secret_box FROM webhooks WHERE kind = 'slack') WHERE id = :id`, {
    replacements: { id: telegram.id },
  });
  const before = receiver.received.length;
  const test = await call('POST', `/api/admin/webhooks/${telegram.id}/test`);
  expect(test.body).toEqual(
    expect.objectContaining({
      status: 'failed',
      lastStatusCode: null,
      lastError: expect.stringContaining('cannot be opened'),
      lastReason: { code: 'webhookSecretUnreadable' },
    }),
  );
  expect(receiver.received).toHaveLength(before);
});

it('a receiver that refuses the connection is logged by code, for the panel to say in its reader’s language', async () => {
  const closed = await startReceiver();
  await closed.close();
  const created = await call('POST', '/api/admin/webhooks', { url: `${closed.url}/gone`, kind: 'standard', events: ['login.throttled'] });
  expect(created.status).toBe(201);
  const test = await call('POST', `/api/admin/webhooks/${created.body.id}/test`);
  expect(test.body).toEqual(
    expect.objectContaining({
      status: 'failed',
      lastStatusCode: null,
      lastError: 'no answer (ECONNREFUSED)',
      lastReason: { code: 'webhookConnectionRefused' },
      attemptLog: [
        { at: expect.any(String), status: null, reason: { code: 'webhookConnectionRefused' }, error: 'no answer (ECONNREFUSED)' },
      ],
    }),
  );
  const [logged] = (await call('GET', `/api/admin/webhooks/${created.body.id}/deliveries`)).body;
  expect(logged).toEqual(expect.objectContaining({ lastReason: { code: 'webhookConnectionRefused' } }));
  expect((await call('DELETE', `/api/admin/webhooks/${created.body.id}`)).status).toBe(204);
});
