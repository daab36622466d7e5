import { Keypair } from '@solana/web3.js';
import { installFakeStandardWallet } from '../support/fake-standard-wallet.js';
import { HolderPages } from '../support/holder-pages.js';
import { expect, test } from '../support/test.js';
import { atBothWidths, expectFitsWindow, shoot, shootBoth } from '../support/widths.js';

// Every holder screen as a screenshot artifact at 1366 and 390 px, each screen loaded once.
test('screens', async ({ page }, testInfo) => {
  const shootScreen = (name: string) => shootBoth(page, testInfo, name);
  const holderPages = new HolderPages(page);

  await page.goto('/');
  await expect(page.getByRole('article')).toHaveCount(3);
  await shootScreen('landing');
  // The lazy pages are awaited: a screenshot taken before their chunk arrived showed an empty page.
  await page.goto('/documentation');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await shootScreen('documentation');
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  await shootScreen('not-found');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Connect Your Wallet' })).toBeVisible();
  await shootScreen('dashboard-no-wallet');

  await holderPages.connectFromLanding();
  await holderPages.section('New Stake').getByRole('article', { name: 'Starter' }).getByRole('button').click();
  await holderPages.dialog().getByLabel('Amount (SDT)').fill('150');
  await expect(holderPages.dialog().getByTestId('balance')).toHaveText(/SDT$/);
  await shootScreen('stake-dialog');
  await holderPages.dialog().getByRole('button', { name: 'Confirm Stake' }).click();
  await expect(holderPages.toast('Stake Successful')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(1); // the replaced toast has finished leaving
  await shootScreen('dashboard');
  await holderPages.section('Active Stakes').getByRole('button', { name: 'Unstake' }).click();
  // No scroll-width overflow at either width (readable at 390 px).
  await atBothWidths(page, async () => {
    await shoot(page, testInfo, 'unstake-dialog');
    await expectFitsWindow(page);
  });
});

test('wallet chooser', async ({ page }, testInfo) => {
  await installFakeStandardWallet(page, Keypair.generate());
  await page.goto('/');
  await page.getByRole('button', { name: /^Connect( Wallet)?$/ }).click();
  await expect(page.getByRole('dialog', { name: 'Choose your wallet' }).getByRole('button', { name: 'Solflare' })).toBeVisible();
  await atBothWidths(page, async () => {
    await shoot(page, testInfo, 'wallet-chooser');
    await expectFitsWindow(page);
  });
});
