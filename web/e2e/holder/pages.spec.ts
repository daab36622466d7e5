import { readState } from '../support/state.js';
import { expect, test } from '../support/test.js';

test.describe('landing page', () => {
  test('shows the token, the counters with their offsets, and the plans with MOST POPULAR on the second', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Home - Stakedesk Test Token Staking');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stake Stakedesk Test Token and earn rewards');
    // The true totals plus the display offsets (1,250,000 and 112), once the 2.5 s animation ends.
    await expect(page.locator('.counters')).toContainText(/1,2\d\d,\d{3}/, { timeout: 10_000 });
    const plans = page.getByRole('region', { name: 'Staking plans' }).getByRole('article');
    await expect(plans).toHaveCount(3);
    await expect(plans.nth(1)).toContainText('MOST POPULAR');
    await expect(plans.nth(0)).not.toContainText('MOST POPULAR');
    await expect(plans.nth(0)).toContainText('100 SDT');
    await expect(plans.getByRole('button', { name: 'Connect Wallet & Stake' })).toHaveCount(3);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    await expect(footer.getByRole('link', { name: 'Documentation' })).toHaveAttribute('href', '/documentation');
  });
});

test.describe('other pages', () => {
  for (const path of ['/no-such-page', '/admin/login']) {
    test(`${path} shows the 404 page`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveTitle('404 - Page Not Found');
      await expect(page.getByText('The page you are looking for does not exist.')).toBeVisible();
      await page.getByRole('main').getByRole('link', { name: 'Back to Home' }).click();
      await expect(page).toHaveURL(/\/$/);
    });
  }

  test('the dashboard asks for a wallet when none is connected', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Connect Your Wallet' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Back to Home' })).toBeVisible();
  });

  test('documentation explains the rules with their worked examples', async ({ page }) => {
    await page.goto('/documentation');
    await expect(page).toHaveTitle('Documentation - Stakedesk Test Token Staking');
    await expect(page.getByRole('main')).toContainText('Example: 50% yield on 1000 gives 500.');
    await expect(page.getByRole('main')).toContainText('Example: 10% penalty on 1000 gives 900 net.');
    await expect(page.getByRole('main')).toContainText('within 24 hours');
    await expect(page.getByRole('main')).toContainText('Example: 1000 at 50% restakes as a new stake of 1500.');
  });

  test('documentation says where the tokens go, with both addresses on the explorer, and what each plan pays on its minimum', async ({
    page,
  }) => {
    const { mint, stakingWallet } = readState();
    await page.goto('/documentation');
    const custody = page.getByRole('region', { name: 'Where your tokens go' });
    await expect(custody).toContainText('Staking here is custodial.');
    for (const address of [mint, stakingWallet]) {
      await expect(custody.getByText(address, { exact: true })).toBeVisible();
      const link = custody.getByRole('link', { name: 'View on the explorer' }).nth(address === mint ? 0 : 1);
      await expect(link).toHaveAttribute('href', new RegExp(`^https://explorer\\.solana\\.com/address/${address}`));
    }
    // Starter: 5% for 30 days from 100 (the default plans): 105 back, 90 if left early (10% penalty).
    await expect(page.getByRole('region', { name: 'The plans today' })).toContainText(
      'Starter: stake 100 SDT for 30 days, get back 105 SDT (5 reward, 5% for the whole period); unstake early and get 90 SDT.',
    );
    const question = page.getByText('Is the yield per year?');
    await question.click();
    await expect(page.getByText('No. The yield is for the whole period of the plan')).toBeVisible();
  });
});

test.describe('languages', () => {
  test('switches to Portuguese and keeps the choice', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('pt-BR');
    await expect(page.getByRole('button', { name: 'Conectar carteira', exact: true })).toBeVisible();
    await expect(page.getByRole('article').first().getByRole('button')).toHaveText('Conectar carteira e fazer stake');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Conectar carteira', exact: true })).toBeVisible();
    await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
    await expect(page.getByRole('button', { name: 'Connect Wallet', exact: true })).toBeVisible();
  });

  test.describe('for a browser set to Portuguese', () => {
    test.use({ locale: 'pt-BR' });
    test('starts in Portuguese', async ({ page }) => {
      await page.goto('/documentation');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Como funciona o stake');
    });
  });
});
