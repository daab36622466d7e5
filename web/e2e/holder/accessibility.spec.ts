import type { Page } from '@playwright/test';
import { Keypair } from '@solana/web3.js';
import { seriousViolations } from '../support/axe.js';
import { ageStakesOf } from '../support/database.js';
import { installFakeStandardWallet } from '../support/fake-standard-wallet.js';
import { stakeThroughApi } from '../support/holder-api.js';
import { readState } from '../support/state.js';
import { expect, test } from '../support/test.js';

// Every holder screen, in both languages at 1366 and 390 px: no critical or serious axe-core violation.
// Each screen is loaded once and looked at in each width (the admin panel's spec does the same).
const DESKTOP = { width: 1366, height: 800 };
const WIDTHS = [DESKTOP, { width: 390, height: 844 }];

/** The page's serious violations at each width, each named with the screen and the width; back at desktop width after. */
async function atEachWidth(page: Page, screen: string): Promise<string[]> {
  const found: string[] = [];
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    found.push(...(await seriousViolations(page, `${screen} at ${size.width} px`)));
  }
  await page.setViewportSize(DESKTOP);
  return found;
}
const WORDS = {
  en: {
    connect: /^Connect( Wallet)?$/,
    connected: 'Wallet Connected',
    newStake: 'New Stake',
    active: 'Active Stakes',
    completed: 'Completed Stakes',
    unstake: 'Unstake',
    restake: 'Restake',
    withdraw: 'Withdraw',
    chooser: 'Choose your wallet',
  },
  'pt-BR': {
    connect: /^Conectar( carteira)?$/,
    connected: 'Carteira conectada',
    newStake: 'Novo stake',
    active: 'Stakes ativos',
    completed: 'Stakes concluídos',
    unstake: 'Encerrar',
    restake: 'Reaplicar',
    withdraw: 'Sacar',
    chooser: 'Escolha sua carteira',
  },
};

for (const [language, words] of Object.entries(WORDS)) {
  test.describe(`${language} at ${WIDTHS.map((size) => size.width).join(' and ')} px`, () => {
    test.use({ locale: language, viewport: DESKTOP });

    test('pages without a wallet', async ({ page }) => {
      const found: string[] = [];
      for (const [screen, path] of [
        ['landing', '/'],
        ['documentation', '/documentation'],
        ['dashboard without wallet', '/dashboard'],
        ['not found', '/no-such-page'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        found.push(...(await atEachWidth(page, screen)));
      }
      expect(found).toEqual([]);
    });

    test('wallet chooser', async ({ page }) => {
      await installFakeStandardWallet(page, Keypair.generate());
      await page.goto('/');
      await page.getByRole('button', { name: words.connect }).click();
      await expect(page.getByRole('dialog', { name: words.chooser })).toBeVisible();
      expect(await atEachWidth(page, 'wallet chooser')).toEqual([]);
    });

    test('dashboard with stakes and its dialogs', async ({ page, holder }) => {
      // One completed stake (Restake, Withdraw) and one active (Unstake).
      await stakeThroughApi(holder, 'Starter', 200);
      await ageStakesOf(readState().dataDir, holder.publicKey.toBase58(), 31);
      await stakeThroughApi(holder, 'Starter', 150);
      const found: string[] = [];
      // A toast fading in or out is checked at whatever opacity it has reached: wait until none shows.
      const toastsGone = async () => {
        // A pointer resting on a toast pauses its timer (on a phone the toast covers the header's buttons).
        await page.mouse.move(1, page.viewportSize()!.height - 1);
        await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
      };
      await page.goto('/');
      await page.getByRole('button', { name: words.connect }).click();
      await expect(page.locator('[data-sonner-toast]').filter({ hasText: words.connected })).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard$/);
      const active = page.getByRole('region', { name: words.active });
      const completed = page.getByRole('region', { name: words.completed });
      await expect(active.getByRole('button', { name: words.unstake })).toBeVisible();
      await expect(completed.getByRole('button', { name: words.restake })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await toastsGone();
      found.push(...(await atEachWidth(page, 'dashboard with stakes')));

      const dialog = page.getByRole('dialog');
      const openAndCheck = async (screen: string, button: ReturnType<typeof page.getByRole>) => {
        await button.click();
        await expect(dialog).toBeVisible();
        await page.waitForLoadState('networkidle');
        await toastsGone();
        found.push(...(await atEachWidth(page, screen)));
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      };
      await page.getByRole('region', { name: words.newStake }).getByRole('article').first().getByRole('button').click();
      await dialog.getByRole('spinbutton').or(dialog.getByRole('textbox')).first().fill('150');
      await page.waitForLoadState('networkidle');
      await toastsGone();
      found.push(...(await atEachWidth(page, 'stake dialog')));
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await openAndCheck('unstake dialog', active.getByRole('button', { name: words.unstake }));
      await openAndCheck('withdraw dialog', completed.getByRole('button', { name: words.withdraw, exact: true }));
      await openAndCheck('restake dialog', completed.getByRole('button', { name: words.restake }));
      expect(found).toEqual([]);
    });
  });
}
