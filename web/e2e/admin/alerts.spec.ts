import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { createAdmin, deleteAdmin, loginToken } from '../support/admin-api.js';
import { AdminPanel } from '../support/admin-panel.js';
import { expectAccessible } from '../support/axe.js';
import { retryJobsNow } from '../support/database.js';
import { readState } from '../support/state.js';
import { expect, test } from '../support/test.js';

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

/** Screenshots at both widths; at phone width nothing is wider than the screen. */
async function shootBoth(page: Page, testInfo: TestInfo, name: string) {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${size.width}.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
  await page.setViewportSize(DESKTOP);
}

/** `toast` covers no part of `row` (its buttons included). */
async function expectApart(toast: Locator, row: Locator) {
  const [a, b] = [(await toast.boundingBox())!, (await row.boundingBox())!];
  const overlaps = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  expect(overlaps, `toast ${JSON.stringify(a)} over row ${JSON.stringify(b)}`).toBe(false);
}

/**
 * A webhook receiver on this machine: answers a "Send test" with the next status queued in
 * `testAnswers`, any other alert with the next in `answers` (then 204), and keeps what it got.
 * Specs running beside this one raise alerts too (step-up changes, withdrawals): the queues keep
 * a status meant for a test from going to one of theirs.
 */
const received: { headers: IncomingHttpHeaders; body: { type: string; data: unknown } }[] = [];
const answers: number[] = [];
const testAnswers: number[] = [];
const receiver = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    const alert = JSON.parse(body) as { type: string; data: unknown };
    received.push({ headers: req.headers, body: alert });
    res.statusCode = (alert.type === 'webhook.test' ? testAnswers : answers).shift() ?? 204;
    res.end();
  });
});
let hookUrl: string;

test.describe.serial('alerts', () => {
  test.beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/stakedesk`;
  });
  test.afterAll(() => new Promise((resolve) => receiver.close(resolve)));

  test('an owner adds a webhook, keeps its signing secret, sends a test and reads the delivery log', async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    const panel = new AdminPanel(page);
    await panel.open('Alerts');
    await expect(panel.panel().getByRole('heading', { name: 'Alert Webhooks' })).toBeVisible();
    await expect(panel.panel().getByText('No webhooks yet.')).toBeVisible();

    await panel.panel().getByRole('button', { name: 'Add Webhook' }).click();
    const create = panel.dialog('New Webhook');
    await expect(create.getByRole('checkbox', { name: 'Withdrawal requested' })).toBeChecked();
    await create.getByRole('checkbox', { name: 'Login throttled' }).uncheck();
    await expectAccessible(page, '.ant-modal');
    await create.getByRole('button', { name: 'Create Webhook' }).click();
    await expect(create.getByText('Webhook URL is required')).toBeVisible();
    await create.getByLabel('URL').fill(hookUrl);
    await create.getByRole('button', { name: 'Create Webhook' }).click();

    const secretDialog = panel.dialog('Signing secret');
    await expect(secretDialog.getByText('Copy it now: it is shown only this once.', { exact: false })).toBeVisible();
    await expect(secretDialog.getByText(/^whsec_/)).toBeVisible();
    await shootBoth(page, testInfo, 'alerts-signing-secret');
    await secretDialog.getByRole('button', { name: 'I have copied it' }).click();
    await expect(secretDialog).toBeHidden();

    const row = panel.row(hookUrl);
    await expect(row).toContainText('Standard Webhooks (signed)');
    await expect(row).toContainText('Withdrawal requested');
    await expect(row).not.toContainText('Login throttled');

    await row.getByRole('button', { name: 'Send test' }).click();
    const delivered = panel.toast('Test alert delivered');
    await expect(delivered).toBeVisible();
    const sent = received.filter((request) => request.body.type === 'webhook.test').at(-1)!;
    expect(sent.body.type).toBe('webhook.test');
    expect(sent.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    // The toast opens away from the row: its buttons stay in view, and the toast goes by itself in
    // a few seconds though the pointer stays on "Send test" (a toast under the pointer waits for it).
    await expectApart(delivered, row);
    await expect(delivered).toBeHidden({ timeout: 8_000 });

    // The receiver is down for the next one: the toast says what it answered, away from the row too (at phone width as well).
    testAnswers.push(500);
    await page.setViewportSize(PHONE);
    await row.scrollIntoViewIfNeeded();
    await row.getByRole('button', { name: 'Send test' }).click();
    const notDelivered = panel.toast('Test alert not delivered');
    await expect(notDelivered).toContainText('Last answer: HTTP 500');
    await expectApart(notDelivered, row);
    await page.screenshot({ path: testInfo.outputPath('alerts-test-toast-390.png') });
    await notDelivered.locator('.ant-notification-notice-close').click();
    await page.setViewportSize(DESKTOP);

    await row.getByRole('button', { name: 'Delivery log' }).click();
    const log = panel.dialog('Delivery log');
    // Specs running beside this one make step-up changes, which this webhook is told of too: the tests' own rows.
    const tests = log.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Test', exact: true }) });
    await expect(tests.filter({ hasText: 'Delivered' })).toContainText('HTTP 204');
    const failed = tests.filter({ hasText: 'Failed' });
    await expect(failed).toContainText('HTTP 500');
    // Each row opens to its attempts, each with its time and answer.
    await failed.getByRole('button', { name: /expand row/i }).click();
    await expect(log.getByRole('list', { name: 'Attempts at Test' })).toHaveText(
      /^Attempt 1, \d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2} [AP]M: HTTP 500$/,
    );
    await expectAccessible(page, '.ant-drawer');
    await shootBoth(page, testInfo, 'alerts-delivery-log');
    await log.getByRole('button', { name: 'Close' }).click();
    await shootBoth(page, testInfo, 'alerts-owner');
  });

  test('a viewer sees the webhooks and their log, and no control that changes them', async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    const viewer = await createAdmin('viewer', 'alerts-viewer');
    try {
      const panel = new AdminPanel(page);
      await panel.open('Alerts', await loginToken(viewer));
      await expect(panel.panel().getByText('Managing alerts needs the owner role. Your role: Viewer.')).toBeVisible();
      const row = panel.row(hookUrl);
      await expect(row).toBeVisible();
      await expect(panel.panel().getByRole('button', { name: 'Add Webhook' })).toHaveCount(0);
      await expect(row.getByRole('button', { name: 'Send test' })).toHaveCount(0);
      await expect(row.getByRole('button', { name: 'Delete' })).toHaveCount(0);
      await shootBoth(page, testInfo, 'alerts-viewer');
      await row.getByRole('button', { name: 'Delivery log' }).click();
      // Making the viewer was a change confirmed with step-up: the webhook was told, on the job queue.
      // (Specs running beside this one make step-up changes too: each of those is told as well.)
      const stepUpAlerts = panel.dialog('Delivery log').getByRole('row').filter({ hasText: 'Change confirmed with step-up' });
      await expect(stepUpAlerts.first()).toBeVisible({ timeout: 20_000 });
      for (const alert of await stepUpAlerts.all()) await expect(alert).toContainText('Delivered', { timeout: 20_000 });
    } finally {
      await deleteAdmin(viewer.id);
    }
  });

  test('a delivery the receiver refused and then accepted keeps both attempts, each with its time and answer, in both languages', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    // The next alert this receiver gets is answered 500: the server retries it 30 to 60 s later, and it is answered 204.
    answers.push(500);
    const viewer = await createAdmin('viewer', 'alerts-retried');
    await deleteAdmin(viewer.id);
    // Those 30 to 60 s go by at once (the retry's own schedule is server/src/alerts/webhooks.test.ts's).
    await expect.poll(() => retryJobsNow(readState().dataDir, 'webhook-delivery'), { timeout: 60_000 }).toBeGreaterThan(0);
    const panel = new AdminPanel(page);
    await panel.open('Alerts');
    await panel.row(hookUrl).getByRole('button', { name: 'Delivery log' }).click();
    const log = panel.dialog('Delivery log');
    // Specs running beside this one make step-up changes too: whichever alert got the 500 is the one retried.
    const retried = log
      .getByRole('row')
      .filter({ hasText: 'Delivered' })
      .filter({ has: page.getByRole('cell', { name: '2', exact: true }) });
    await expect(retried.first()).toBeVisible({ timeout: 60_000 });
    await retried
      .first()
      .getByRole('button', { name: /expand row/i })
      .click();
    const attempts = log.getByRole('list', { name: /^Attempts at / }).first();
    const at = '\\d{1,2}/\\d{1,2}/\\d{4}, \\d{1,2}:\\d{2} [AP]M';
    await expect(attempts.getByRole('listitem')).toHaveText([
      new RegExp(`^Attempt 1, ${at}: HTTP 500$`),
      new RegExp(`^Attempt 2, ${at}: HTTP 204$`),
    ]);
    await expectAccessible(page, '.ant-drawer');
    await shootBoth(page, testInfo, 'alerts-delivery-attempts');
    await log.getByRole('button', { name: 'Close' }).click();

    await panel.choose('Language', 'Português');
    await panel.row(hookUrl).getByRole('button', { name: 'Registro de entregas' }).click();
    // The drawer keeps its rows as they were: the retried one is still open, now in Portuguese.
    const registro = panel.dialog('Registro de entregas');
    const quando = '\\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}';
    await expect(
      registro
        .getByRole('list', { name: /^Tentativas de / })
        .first()
        .getByRole('listitem'),
    ).toHaveText([new RegExp(`^Tentativa 1, ${quando}: HTTP 500$`), new RegExp(`^Tentativa 2, ${quando}: HTTP 204$`)]);
    await shootBoth(page, testInfo, 'alerts-delivery-attempts-pt-BR');
  });

  test('an owner deletes the webhook after confirming', async ({ page }) => {
    const panel = new AdminPanel(page);
    await panel.open('Alerts');
    await panel.row(hookUrl).getByRole('button', { name: 'Delete' }).click();
    await panel.dialog('Delete this webhook?').getByRole('button', { name: 'Delete' }).click();
    await expect(panel.toast('Webhook deleted')).toBeVisible();
    await expect(panel.panel().getByText('No webhooks yet.')).toBeVisible();
  });
});
