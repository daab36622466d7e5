import { rmSync } from 'node:fs';
import path from 'node:path';
import type { StakingPlan } from '@stakedesk/shared/api-types';
import { HolderPages } from '../support/holder-pages.js';
import { serverDataDir } from '@stakedesk/test-support/browser/server-env';
import { startServer, stopServer } from '@stakedesk/test-support/browser/server-process';
import { readState, STATE_DIR } from '../support/state.js';
import { expect, test } from '../support/test.js';

test.describe('landing counters', () => {
  test('never show below zero or above their target while they count up', async ({ page }) => {
    // Every text each counter shows, from the first frame.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { counterTexts: string[] }).counterTexts = seen;
      new MutationObserver(() => document.querySelectorAll('.counter').forEach((counter) => seen.push(counter.textContent ?? ''))).observe(
        document,
        { subtree: true, childList: true, characterData: true },
      );
    });
    await page.goto('/');
    await expect(page.locator('.counters')).toContainText(/1,2\d\d,\d{3}/, { timeout: 10_000 });
    await page.waitForTimeout(3_000); // the 2.5 s animation has ended
    const finals = (await page.locator('.counter').allTextContents()).map((text) => Number(text.replace(/\D/g, '')));
    const seen = await page.evaluate(() => (window as unknown as { counterTexts: string[] }).counterTexts);
    const numbers = seen.filter((text) => /\d/.test(text)).map((text) => Number(text.replace(/\D/g, '')));
    expect(numbers.length).toBeGreaterThan(10);
    expect(numbers.filter((value) => Number.isNaN(value) || value < 0 || value > Math.max(...finals))).toEqual([]);
  });
});

test.describe('plan cards', () => {
  test('label the yield as for the whole period, with the days in words, in English and Portuguese', async ({ page, request }) => {
    const plans = (await (await request.get('/api/staking-plans')).json()) as StakingPlan[];
    await page.goto('/');
    const cards = page.locator('#plans').getByRole('article');
    for (const plan of plans) {
      const card = cards.filter({ has: page.getByRole('heading', { name: plan.name }) });
      await expect(card).toContainText(`${plan.yieldRate}% for ${plan.durationDays} days`);
      await expect(card).toContainText('Paid once at the end of the period, not per year');
    }
    await page.getByRole('combobox', { name: 'Language' }).selectOption('pt-BR');
    for (const plan of plans) {
      const card = cards.filter({ has: page.getByRole('heading', { name: plan.name }) });
      await expect(card).toContainText(`${plan.yieldRate}% por ${plan.durationDays} dias`);
      await expect(card).toContainText('Pago uma vez ao fim do período, não por ano');
    }
  });
});

test.describe('the dashboard without a wallet', () => {
  test("shows the 'Connect Your Wallet' card, which connects", async ({ page }) => {
    const holderPages = new HolderPages(page);
    await page.goto('/dashboard');
    const card = page.getByRole('region', { name: 'Connect Your Wallet' });
    await expect(card).toContainText('Connect your wallet to see your stakes and withdrawals.');
    await expect(card.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    await card.getByRole('button', { name: 'Connect Wallet' }).click();
    await expect(holderPages.toast('Wallet Connected')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(holderPages.section('New Stake').getByRole('button', { name: 'Stake Now' }).first()).toBeVisible();
  });
});

test.describe('on a fresh install, before the operator configures the token and staking wallet', () => {
  test('says staking is not open yet and offers no stake button', async ({ page }) => {
    test.setTimeout(180_000);
    const dataDir = serverDataDir('stakedesk-e2e-fresh-');
    const server = await startServer(
      {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        DATA_DIR: dataDir,
        PORT: '0',
        SOLANA_RPC_URL: readState().rpcUrl,
        SOLANA_CLUSTER: 'devnet',
        LOG_LEVEL: 'warn',
      },
      path.join(STATE_DIR, 'fresh-server.log'),
    );
    try {
      const closed = 'Staking is not open yet: the operator has not configured the token and the staking wallet.';
      await page.goto(`${server.baseURL}/`);
      const plans = page.getByRole('region', { name: 'Staking plans' });
      await expect(plans.getByRole('status')).toContainText(closed);
      await expect(plans.getByRole('article')).toHaveCount(3);
      await expect(plans.getByRole('button')).toHaveCount(0);

      await page.getByRole('button', { name: /^Connect( Wallet)?$/ }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      const newStake = page.getByRole('region', { name: 'New Stake' });
      await expect(newStake.getByRole('status')).toContainText(closed);
      await expect(newStake.getByRole('article')).toHaveCount(3);
      await expect(newStake.getByRole('button')).toHaveCount(0);
    } finally {
      await stopServer(server);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
