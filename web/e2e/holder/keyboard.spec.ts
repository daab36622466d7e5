import { expect, type Locator, type Page } from '@playwright/test';
import { HolderPages } from '../support/holder-pages.js';
import { test } from '../support/test.js';

/** Whether the focused element shows it: an outline or a box shadow, as the page's CSS draws it. */
async function expectFocusVisible(page: Page) {
  const ring = await page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'nothing focused';
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none';
    return outline || shadow ? 'visible' : `no focus ring on ${element.outerHTML.slice(0, 120)}`;
  });
  expect(ring).toBe('visible');
}

/** Presses Tab (or Shift+Tab) until `target` has focus, checking the focus ring on the way. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab', most = 80) {
  for (let i = 0; i < most; i++) {
    await page.keyboard.press(key);
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) {
      await expectFocusVisible(page);
      return;
    }
  }
  throw new Error(`${most} presses of ${key} did not reach ${target.toString()}`);
}

test('stakes and opens an unstake with the keyboard alone, focus always visible', async ({ page }) => {
  test.setTimeout(120_000);
  const holderPages = new HolderPages(page);
  await page.goto('/');
  await expect(page.getByRole('article')).toHaveCount(3);

  // Connect the wallet.
  await tabTo(page, page.getByRole('button', { name: /^Connect( Wallet)?$/ }));
  await page.keyboard.press('Enter');
  await expect(holderPages.toast('Wallet Connected')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Open Starter's stake dialog, type the amount, confirm.
  const stakeNow = holderPages.section('New Stake').getByRole('article', { name: 'Starter' }).getByRole('button', { name: 'Stake Now' });
  await tabTo(page, stakeNow);
  await page.keyboard.press('Space');
  const dialog = holderPages.dialog();
  await expect(dialog).toBeVisible();
  const amount = dialog.getByLabel('Amount (SDT)');
  if (!(await amount.evaluate((element) => element === document.activeElement))) await tabTo(page, amount);
  await expectFocusVisible(page);
  await page.keyboard.type('150');
  await expect(dialog.getByTestId('balance')).toHaveText(/SDT$/);
  const confirm = dialog.getByRole('button', { name: 'Confirm Stake' });
  await expect(confirm).toBeEnabled();
  await tabTo(page, confirm);
  // Shift+Tab goes back to the amount, and Tab forward again: the dialog keeps the focus inside it.
  await tabTo(page, amount, 'Shift+Tab', 20);
  await tabTo(page, confirm);
  await page.keyboard.press('Enter');
  await expect(holderPages.toast('Stake Successful')).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toBeHidden();

  // The stake is on the dashboard; open its unstake dialog and leave it with Escape.
  const unstake = holderPages
    .section('Active Stakes')
    .getByRole('row', { name: /Starter/ })
    .getByRole('button', { name: 'Unstake' });
  await expect(unstake).toBeVisible();
  await tabTo(page, unstake);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Confirm Unstake' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(unstake).toBeFocused();
  await expectFocusVisible(page);
});
