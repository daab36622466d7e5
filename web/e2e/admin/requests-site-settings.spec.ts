import { Keypair } from '@solana/web3.js';
import { formatDateTime } from '@stakedesk/shared/format';
import { adminCall, createAdmin, deleteAdmin, loginToken, type TestAdmin } from '../support/admin-api.js';
import { AdminPanel, PASSWORD_CHECK } from '../support/admin-panel.js';
import { expectAccessible } from '../support/axe.js';
import { readState } from '../support/state.js';
import { expect, test } from '../support/test.js';

// No single owner moves the money (DESIGN 17): with a second owner, a new staking wallet is a
// request that the other owner approves in the Requests tab, then waits its delay while every
// holder page says what is coming. It changes what every page shows, so this runs in the
// site-settings project, alone; the request is cancelled and the second owner removed after.
test.describe.configure({ mode: 'serial' });

const WIDE = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
const newWallet = Keypair.generate().publicKey.toBase58();
let approver: (TestAdmin & { id: number }) | undefined;
let requestId: number | undefined;

test.afterAll(async () => {
  const { admin } = readState();
  const token = await loginToken(admin);
  if (requestId !== undefined)
    await adminCall(token, 'DELETE', `/api/admin/change-requests/${requestId}`, { currentPassword: admin.password }).catch(() => undefined);
  if (approver) {
    // Removing another owner would itself wait for approval: the second owner steps down first.
    const { id, username, email, password } = approver;
    await adminCall(await loginToken(approver), 'PUT', `/api/admin/admins/${id}`, {
      username,
      email,
      role: 'operator',
      currentPassword: password,
    });
    await deleteAdmin(id);
  }
});

const publicSettings = async () =>
  (await (await fetch(`${readState().baseURL}/api/settings`)).json()) as { stakingWallet: string; pendingChange: unknown };

test('a new staking wallet asked for by one owner is approved by the other in Requests, old and new side by side', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const { stakingWallet, admin } = readState();
  approver = await createAdmin('owner', 'approver');

  // The run's owner asks: the save says it waits for another owner, and nothing changes yet.
  const panel = new AdminPanel(page);
  await panel.open();
  await page.getByLabel('Staking Wallet Address').fill(newWallet);
  await page.getByRole('button', { name: 'Update Settings' }).click();
  await panel.confirmStepUp(admin.password);
  const asked = panel.toast('Waiting for another owner');
  await expect(asked).toBeVisible(PASSWORD_CHECK);
  await expect(asked).toContainText(/Request #\d+ \(Staking wallet\) waits for another owner's approval in Requests/);
  await expect(panel.toast('Settings updated successfully')).toHaveCount(0);
  requestId = Number((await asked.innerText()).match(/Request #(\d+)/)![1]);
  await expect(page.getByLabel('Staking Wallet Address')).toHaveValue(stakingWallet);
  expect(await publicSettings()).toMatchObject({ stakingWallet, pendingChange: null });

  // Its own request: listed with both wallets, and it cannot approve it.
  await panel.openTab('Requests');
  const own = panel.panel().getByLabel(`Request #${requestId}`);
  await expect(own).toContainText('Waiting for approval');
  await expect(own).toContainText(`Asked by ${admin.username}`);
  await expect(own.getByRole('button', { name: 'Approve' })).toBeDisabled();

  // The other owner, in a browser of their own: told on every tab that a change waits, and approves it.
  const context = await browser.newContext({ baseURL: readState().baseURL, viewport: WIDE });
  const otherPage = await context.newPage();
  const other = new AdminPanel(otherPage);
  await other.open(undefined, await loginToken(approver));
  await expect(otherPage.getByText("Changes waiting for another owner's approval: 1. See Requests.")).toBeVisible();
  await other.openTab('Requests');
  const request = other.panel().getByLabel(`Request #${requestId}`);
  const change = request.getByRole('definition');
  await expect(request.getByRole('term')).toHaveText('Staking wallet');
  await expect(change.nth(0)).toHaveText(`Old${stakingWallet}`);
  await expect(change.nth(1)).toHaveText(`New${newWallet}`);
  await expect(request.getByRole('link', { name: `View ${newWallet} on the explorer` })).toBeVisible();
  // Side by side on a wide screen: the new value to the right of the old one, on the same line.
  const [oldBox, newBox] = [await change.nth(0).boundingBox(), await change.nth(1).boundingBox()];
  expect(newBox!.x).toBeGreaterThan(oldBox!.x + oldBox!.width - 1);
  expect(Math.abs(newBox!.y - oldBox!.y)).toBeLessThan(2);
  await otherPage.screenshot({ path: testInfo.outputPath('requests-pending-1366.png'), fullPage: true });
  await expectAccessible(otherPage, '[role=tabpanel]');
  await otherPage.setViewportSize(PHONE);
  await expect(change.nth(1)).toBeVisible();
  expect(await otherPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await otherPage.screenshot({ path: testInfo.outputPath('requests-pending-390.png'), fullPage: true });
  await expectAccessible(otherPage, '[role=tabpanel]');
  await otherPage.setViewportSize(WIDE);

  await request.getByRole('button', { name: 'Approve' }).click();
  const dialog = other.stepUp();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('definition').nth(1)).toHaveText(`Becomes: ${newWallet}`);
  await other.confirmStepUp(approver.password);
  await expect(other.toast('Change approved: it takes effect after the delay')).toBeVisible(PASSWORD_CHECK);
  await expect(request).toContainText('Approved, scheduled');
  await expect(request).toContainText(`Approved by ${approver.username}; takes effect on`);
  await otherPage.screenshot({ path: testInfo.outputPath('requests-scheduled-1366.png'), fullPage: true });
  await context.close();

  // Not in effect yet: deposits still go to the wallet in force, and holders are told what is coming.
  const settings = await publicSettings();
  expect(settings).toMatchObject({ stakingWallet, pendingChange: { field: 'stakingWallet', value: newWallet } });
});

test("every holder page says from when the staking wallet changes, in the reader's language, with the explorer link", async ({
  page,
}, testInfo) => {
  const { pendingChange } = (await publicSettings()) as { pendingChange: { effectiveAt: string } };
  for (const [locale, label, sentence] of [
    ['en', 'Coming change', 'From {date} the staking wallet is'],
    ['pt-BR', 'Mudança programada', 'A partir de {date}, a carteira de staking é'],
  ] as const) {
    await page.addInitScript((language) => localStorage.setItem('stakedesk.language', language), locale);
    await page.goto('/');
    const band = page.getByRole('complementary', { name: label });
    // The date as the reader's language writes it (the browser's time zone is this machine's).
    await expect(band).toContainText(
      `${sentence.replace('{date}', formatDateTime(pendingChange.effectiveAt, undefined, locale))} ${newWallet}`,
    );
    const link = band.getByRole('link', { name: newWallet });
    await expect(link).toHaveAttribute('href', new RegExp(`explorer\\.solana\\.com/address/${newWallet}`));
    for (const size of [WIDE, PHONE]) {
      await page.setViewportSize(size);
      await expect(link).toBeInViewport();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: testInfo.outputPath(`holder-pending-change-${locale}-${size.width}.png`) });
      await expectAccessible(page, '.pending-change-band');
    }
  }
});
