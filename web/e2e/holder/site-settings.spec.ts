import {
  adminToken,
  createPlan,
  deletePlan,
  setMaintenance,
  setStakingWallet,
  setSupportContacts,
  togglePlan,
  updateExpiredStakes,
} from '../support/admin-api.js';
import { tokenBalance } from '../support/chain.js';
import { ageStakesOf } from '../support/database.js';
import { HolderPages } from '../support/holder-pages.js';
import { readState } from '../support/state.js';
import { expect, test } from '../support/test.js';

// Runs in its own project after the others: these settings change every page of the site.
test.describe.configure({ mode: 'serial' });
test.beforeEach(() => setMaintenance({ on: false }));
test.afterAll(() => setMaintenance({ on: false }));

const bullets = {
  maintenance: ['database optimizations', 'updating server infrastructure', 'applying security patches'],
  update: ['deploying new features and improvements', 'enhancing system performance', 'updating security protocols'],
};

for (const [type, badge, heading] of [
  ['maintenance', 'MAINTENANCE MODE', 'Scheduled Maintenance'],
  ['update', 'SYSTEM UPDATE', 'System Update in Progress'],
] as const) {
  test(`replaces every route with the ${type} page`, async ({ page }, testInfo) => {
    await setMaintenance({ on: true, type, message: 'Moving to faster servers.', time: 'about an hour' });
    for (const path of ['/', '/dashboard', '/documentation', '/no-such-page']) {
      await page.goto(path);
      const main = page.getByRole('main');
      await expect(main).toContainText(badge);
      await expect(main.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(main).toContainText('Moving to faster servers.');
      await expect(main).toContainText('Expected duration: about an hour');
      await expect(main.getByRole('heading', { name: "What's happening?" })).toBeVisible();
      for (const bullet of bullets[type]) await expect(main).toContainText(bullet);
      await expect(main).toContainText("Thank you for your patience. We'll be back online shortly!");
    }
    // The maintenance screen shows only here: its screenshots at both widths, like every other screen's.
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width > 600 ? 768 : 844 });
      await page.screenshot({ path: testInfo.outputPath(`${type}-${width}.png`), fullPage: true });
    }
  });
}

test('shows the defaults when the operator leaves the message empty, and lets a logged-in admin through', async ({ page }) => {
  await setMaintenance({ on: true, type: 'maintenance', message: '', time: '' });
  await page.goto('/');
  await expect(page.getByRole('main')).toContainText("We're currently performing scheduled maintenance to improve your experience.");
  await expect(page.getByRole('main')).toContainText('Expected duration: approximately 30 minutes');

  const token = await adminToken();
  await page.evaluate((value) => localStorage.setItem('admin_token', value), token);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Staking plans' })).toBeVisible();
});

test('the footer shows only the support contacts the operator configured', async ({ page }) => {
  const footer = page.getByRole('contentinfo');
  await setSupportContacts({ supportEmail: '', supportWhatsapp: '', supportTelegram: '' });
  await page.goto('/');
  await expect(footer.getByRole('link', { name: /support/ })).toHaveCount(0);

  await setSupportContacts({ supportEmail: 'help@example.com', supportWhatsapp: '', supportTelegram: '@stakedesk' });
  await page.reload();
  await expect(footer.getByRole('link', { name: 'Email support' })).toHaveAttribute('href', 'mailto:help@example.com');
  await expect(footer.getByRole('link', { name: 'Telegram support' })).toHaveAttribute('href', 'https://t.me/stakedesk');
  await expect(footer.getByRole('link', { name: 'WhatsApp support' })).toHaveCount(0);
  await setSupportContacts({ supportEmail: '', supportWhatsapp: '', supportTelegram: '' });
});

test('says Restake Failed with the server message when the plan has closed meanwhile', async ({ page, holder }) => {
  const plan = await createPlan({ name: 'Closing', minStakeAmount: '10', yieldRate: '10', durationDays: 10, earlyPenaltyRate: '5' });
  try {
    const holderPages = new HolderPages(page);
    await holderPages.connectFromLanding();
    await holderPages.stake('Closing', 100);
    await ageStakesOf(readState().dataDir, holder.publicKey.toBase58(), 11);
    await togglePlan(plan.id);
    await page.reload();
    await holderPages.section('Completed Stakes').getByRole('button', { name: 'Restake' }).click();
    await holderPages.dialog().getByRole('button', { name: 'Confirm Restake' }).click();
    await expect(holderPages.toast('Restake Failed')).toContainText('This staking plan is not active');
  } finally {
    await deletePlan(plan.id);
  }
});

// Update Expired Stakes completes every due stake on the server, so it runs here, alone.
test("a stake the operator's expiry run completed reads Completed and can be withdrawn", async ({ page, holder }) => {
  const holderPages = new HolderPages(page);
  await holderPages.connectFromLanding();
  await holderPages.stake('Starter', 300);
  await ageStakesOf(readState().dataDir, holder.publicKey.toBase58(), 30);
  expect((await updateExpiredStakes()).updatedCount).toBeGreaterThanOrEqual(1);
  await page.reload();
  const row = holderPages.section('Completed Stakes').getByRole('row', { name: /Starter/ });
  await expect(row).toContainText('Completed');
  await expect(row).toContainText('315 SDT');
  await row.getByRole('button', { name: 'Withdraw' }).click();
  await expect(holderPages.dialog().getByTestId('final-amount')).toHaveText('315.00000000 SDT');
});

test.describe('transfers the app refuses before the wallet signs', () => {
  test.afterEach(() => setStakingWallet(readState().stakingWallet));

  test("refuses when the staking wallet is the holder's own wallet", async ({ page, holder, phantom }) => {
    await setStakingWallet(holder.publicKey.toBase58());
    const holderPages = new HolderPages(page);
    await holderPages.connectFromLanding();
    await holderPages.section('New Stake').getByRole('article', { name: 'Starter' }).getByRole('button', { name: 'Stake Now' }).click();
    await holderPages.dialog().getByLabel('Amount (SDT)').fill('150');
    await holderPages.dialog().getByRole('button', { name: 'Confirm Stake' }).click();
    await expect(holderPages.toast('Stake Failed')).toContainText('the source and destination wallets are the same');
    expect(phantom.requests.some((request) => request.op === 'signAndSendTransaction')).toBe(false);
  });

  test('refuses when the staking wallet has no account for the token', async ({ page, holder, phantom }) => {
    const walletWithoutAccount = 'Stake11111111111111111111111111111111111111';
    await setStakingWallet(walletWithoutAccount);
    const holderPages = new HolderPages(page);
    await holderPages.connectFromLanding();
    const before = await tokenBalance(holder.publicKey);
    await holderPages.section('New Stake').getByRole('article', { name: 'Starter' }).getByRole('button', { name: 'Stake Now' }).click();
    await holderPages.dialog().getByLabel('Amount (SDT)').fill('150');
    await holderPages.dialog().getByRole('button', { name: 'Confirm Stake' }).click();
    await expect(holderPages.toast('Stake Failed')).toContainText(
      `The destination wallet ${walletWithoutAccount} has no account for this token.`,
    );
    expect(phantom.requests.some((request) => request.op === 'signAndSendTransaction')).toBe(false);
    expect(await tokenBalance(holder.publicKey)).toBe(before);
  });
});
