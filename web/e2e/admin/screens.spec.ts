import { AdminPanel } from '../support/admin-panel.js';
import { readState } from '../support/state.js';
import { expect, test } from '../support/test.js';

const TABS = ['Token Config', 'Staking Plans', 'Withdrawals', 'Active Stakes', 'Completed Stakes', 'Admins', 'Audit Log', 'Reconciliation'];
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

// Every admin screen as a screenshot artifact, at desktop and phone widths. Tabs are picked at
// desktop width: at phone width antd folds the later ones into a "more" menu.
test('admin screens', async ({ page }, testInfo) => {
  const shootBoth = async (name: string) => {
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await page.screenshot({ path: testInfo.outputPath(`admin-${name}-${size.width}.png`), fullPage: true });
    }
    await page.setViewportSize(DESKTOP);
  };
  const panel = new AdminPanel(page);
  await page.goto('/admin');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await shootBoth('login');
  await panel.login(readState().admin.username, readState().admin.password);
  await expect(panel.toast('Login successful')).toBeVisible();
  for (const tab of TABS) {
    await panel.openTab(tab);
    await expect(panel.panel()).toBeVisible();
    await shootBoth(tab.toLowerCase().replaceAll(' ', '-'));
  }
  await panel.openTab('Staking Plans');
  await page.getByRole('button', { name: 'Create Plan' }).click();
  await shootBoth('plan-dialog');
  // Readable at phone width: nothing wider than the screen.
  await page.setViewportSize(PHONE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
