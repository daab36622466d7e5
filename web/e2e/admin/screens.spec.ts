import type { Page, TestInfo } from '@playwright/test';
import { ADMIN_TABS, AdminPanel } from '../support/admin-panel.js';
import { expect, test } from '../support/test.js';

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

// Every admin screen as a screenshot artifact, at desktop and phone widths, one test per screen so
// that a slow machine spends its time budget on one screen at a time. Tabs are picked at desktop
// width: at phone width antd folds the later ones into a "more" menu.
async function shootBoth(page: Page, testInfo: TestInfo, name: string) {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: testInfo.outputPath(`admin-${name}-${size.width}.png`), fullPage: true });
  }
}

/** Readable at phone width: nothing wider than the screen. */
async function expectFitsPhone(page: Page) {
  await page.setViewportSize(PHONE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

test('admin screen: login', async ({ page }, testInfo) => {
  await page.goto('/admin');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible({ timeout: 15_000 });
  await shootBoth(page, testInfo, 'login');
  await expectFitsPhone(page);
});

for (const tab of ADMIN_TABS) {
  test(`admin screen: ${tab}`, async ({ page }, testInfo) => {
    const panel = new AdminPanel(page);
    await panel.open(tab);
    await expect(panel.panel()).toBeVisible();
    await shootBoth(page, testInfo, tab.toLowerCase().replaceAll(' ', '-'));
    await expectFitsPhone(page);
  });
}

test('admin screen: plan dialog', async ({ page }, testInfo) => {
  const panel = new AdminPanel(page);
  await panel.open('Staking Plans');
  await page.getByRole('button', { name: 'Create Plan' }).click();
  await expect(panel.dialog()).toBeVisible();
  await shootBoth(page, testInfo, 'plan-dialog');
  await expectFitsPhone(page);
});

test('admin screen: my account', async ({ page }, testInfo) => {
  const panel = new AdminPanel(page);
  await panel.open();
  await panel.openAccount();
  await shootBoth(page, testInfo, 'my-account');
  await expectFitsPhone(page);
});

test('admin screen: step-up dialog (cancelled, nothing saved)', async ({ page }, testInfo) => {
  const panel = new AdminPanel(page);
  await panel.open();
  // A new staking wallet asks for the password first; Cancel leaves the saved one as it was.
  await page.getByLabel('Staking Wallet Address').fill('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM');
  await page.getByRole('button', { name: 'Update Settings' }).click();
  await expect(panel.stepUp()).toBeVisible({ timeout: 15_000 });
  await shootBoth(page, testInfo, 'step-up');
  await expectFitsPhone(page);
  await panel.stepUp().getByRole('button', { name: 'Cancel' }).click();
  await expect(panel.stepUp()).toBeHidden();
});
