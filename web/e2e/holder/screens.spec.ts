import { Keypair } from '@solana/web3.js';
import { installFakeStandardWallet } from '../support/fake-standard-wallet.js';
import { HolderPages } from '../support/holder-pages.js';
import { expect, test } from '../support/test.js';

// Every holder screen as a screenshot artifact, at the project's width (desktop and phone).
test('screens', async ({ page }, testInfo) => {
  const shoot = (name: string) => page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
  const holderPages = new HolderPages(page);

  await page.goto('/');
  await expect(page.getByRole('article')).toHaveCount(3);
  await shoot('landing');
  // The lazy pages are awaited: a screenshot taken before their chunk arrived showed an empty page.
  await page.goto('/documentation');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await shoot('documentation');
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  await shoot('not-found');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Connect Your Wallet' })).toBeVisible();
  await shoot('dashboard-no-wallet');

  await holderPages.connectFromLanding();
  await holderPages.section('New Stake').getByRole('article', { name: 'Starter' }).getByRole('button').click();
  await holderPages.dialog().getByLabel('Amount (SDT)').fill('150');
  await expect(holderPages.dialog().getByTestId('balance')).toHaveText(/SDT$/);
  await shoot('stake-dialog');
  await holderPages.dialog().getByRole('button', { name: 'Confirm Stake' }).click();
  await expect(holderPages.toast('Stake Successful')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(1); // the replaced toast has finished leaving
  await shoot('dashboard');
  await holderPages.section('Active Stakes').getByRole('button', { name: 'Unstake' }).click();
  await shoot('unstake-dialog');
  // No scroll-width overflow at the project's width (readable at 390 px).
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test('wallet chooser', async ({ page }, testInfo) => {
  await installFakeStandardWallet(page, Keypair.generate());
  await page.goto('/');
  await page.getByRole('button', { name: /^Connect( Wallet)?$/ }).click();
  await expect(page.getByRole('dialog', { name: 'Choose your wallet' }).getByRole('button', { name: 'Solflare' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('wallet-chooser.png'), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
