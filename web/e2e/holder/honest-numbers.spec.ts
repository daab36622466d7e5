import type { Page } from '@playwright/test';
import type { PublicSettings } from '@stakedesk/shared/api-types';
import { ageStakesOf, withDatabase } from '../support/database.js';
import { HolderPages } from '../support/holder-pages.js';
import { readState } from '../support/state.js';
import { expect, test } from '../support/test.js';
import { atBothWidths, expectFitsWindow, shoot, shootBoth } from '../support/widths.js';

/**
 * Issue 25, honest numbers: figures and dates in the reader's language, every text translated,
 * one verb per action, units on every amount, a yearly figure beside each plan's yield, totals
 * without forfeited rewards, and one status per state that a reload does not change. Each check
 * runs in English and in Portuguese; each screen is photographed at 1366 and 390 px.
 */

const WORDS = {
  en: {
    starterYield: '5% for 30 days',
    perYear: '≈ 60.8% a year (simple rate)',
    stakedUnit: /^1,2\d\d,\d{3} SDT$/,
    holdersUnit: /^\d{3,} holders$/,
    notFoundTitle: '404 - Page Not Found',
    maintenance: ["We're currently performing scheduled maintenance to improve your experience.", 'approximately 30 minutes'],
    active: 'Active Stakes',
    completed: 'Completed Stakes',
    requests: 'Withdrawal Requests',
    totalStaked: 'Total Staked1,300 SDT',
    totalRewards: 'Total Rewards15 SDT',
    forfeited: '0 SDT (forfeited)',
    unstakedEarly: 'Unstaked early',
    periodEnded: 'Period ended',
    completedBadge: 'Completed',
    pendingBadge: 'Withdrawal Pending',
    daysLeft: '30/30 days left',
    unstake: 'Unstake',
    withdraw: 'Withdraw',
    confirmWithdraw: 'Confirm Withdraw',
    restake: 'Restake',
    thousand: '1,000 SDT',
    dateTime: /^\d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2} (AM|PM)$/,
  },
  'pt-BR': {
    starterYield: '5% por 30 dias',
    perYear: '≈ 60,8% ao ano (juros simples)',
    stakedUnit: /^1\.2\d\d\.\d{3} SDT$/,
    holdersUnit: /^\d{3,} participantes$/,
    notFoundTitle: '404 - Página não encontrada',
    maintenance: ['Estamos fazendo uma manutenção programada para melhorar sua experiência.', 'aproximadamente 30 minutos'],
    active: 'Stakes ativos',
    completed: 'Stakes concluídos',
    requests: 'Pedidos de saque',
    totalStaked: 'Total em stake1.300 SDT',
    totalRewards: 'Recompensas totais15 SDT',
    forfeited: '0 SDT (perdida)',
    unstakedEarly: 'Encerrado antes do prazo',
    periodEnded: 'Prazo concluído',
    completedBadge: 'Concluído',
    pendingBadge: 'Saque pendente',
    daysLeft: '30/30 dias restantes',
    unstake: 'Encerrar',
    withdraw: 'Sacar',
    confirmWithdraw: 'Confirmar saque',
    restake: 'Reaplicar',
    thousand: '1.000 SDT',
    dateTime: /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/,
  },
} as const;

type Language = keyof typeof WORDS;
const LANGUAGES = Object.keys(WORDS) as Language[];

async function chooseLanguage(page: Page, language: Language) {
  const picker = page.getByRole('combobox', { name: /^(Language|Idioma)$/ });
  await picker.selectOption(language);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

for (const language of LANGUAGES) {
  const words = WORDS[language];

  test.describe(`in ${language}`, () => {
    test('the landing counters carry their units and each plan its yearly figure, labelled simple', async ({ page }, testInfo) => {
      await page.goto('/');
      await chooseLanguage(page, language);
      const counters = page.locator('.counter');
      // SPEC's offsets are kept: 1,250,000 tokens and 112 holders on top of the true totals.
      await expect(counters.nth(0)).toHaveText(words.stakedUnit, { timeout: 10_000 });
      await expect(counters.nth(1)).toHaveText(words.holdersUnit);
      const starter = page.locator('#plans').getByRole('article', { name: 'Starter' });
      await expect(starter).toContainText(words.starterYield);
      await expect(starter).toContainText(words.perYear);
      await atBothWidths(page, async () => {
        await shoot(page, testInfo, `landing-${language}`);
        await expectFitsWindow(page);
      });
    });

    test('the 404 page and the maintenance page are in the reader’s language', async ({ page }, testInfo) => {
      await page.goto('/no-such-page');
      await chooseLanguage(page, language);
      await expect(page).toHaveTitle(words.notFoundTitle);
      await shootBoth(page, testInfo, `not-found-${language}`);

      // Maintenance with the operator's defaults untouched, for this page only (the server stays open for the other tests).
      await page.route('**/api/settings', async (route) => {
        const settings = (await (await route.fetch()).json()) as PublicSettings;
        await route.fulfill({
          json: {
            ...settings,
            maintenanceMode: true,
            maintenanceMessage: WORDS.en.maintenance[0],
            maintenanceEstimatedTime: WORDS.en.maintenance[1],
          },
        });
      });
      await page.goto('/');
      const main = page.getByRole('main');
      await expect(main).toContainText(words.maintenance[0]);
      await expect(main).toContainText(words.maintenance[1]);
      await shootBoth(page, testInfo, `maintenance-${language}`);
    });

    test('the dashboard: figures in the language, no forfeited reward counted, one status per state across reloads', async ({
      page,
      holder,
    }, testInfo) => {
      test.setTimeout(120_000);
      const holderPages = new HolderPages(page);
      const wallet = holder.publicKey.toBase58();
      await holderPages.connectFromLanding();
      // Starter pays 5% over 30 days, with a 10% early penalty.
      await holderPages.stake('Starter', 1000); // unstaked early: 50 forfeited, 900 paid
      await holderPages.stake('Starter', 200); // ends, then withdrawn in full: 210
      await holderPages
        .section('Active Stakes')
        .getByRole('row', { name: /1,000 SDT/ })
        .getByRole('button', { name: 'Unstake' })
        .click();
      await holderPages.dialog().getByRole('button', { name: 'Confirm Unstake' }).click();
      await expect(holderPages.toast('Unstake Request Submitted')).toBeVisible();

      // The period goes by; the expiry job has not run yet.
      await ageStakesOf(readState().dataDir, wallet, 31);
      await page.reload();
      await holderPages.stake('Starter', 100); // still running
      await chooseLanguage(page, language);

      const active = holderPages.section(words.active);
      const completed = holderPages.section(words.completed);
      const early = active.getByRole('row', { name: new RegExp(words.thousand.replace('.', '\\.')) });
      const ended = completed.getByRole('row', { name: /200 SDT/ });
      await expect(ended).toContainText(words.completedBadge);
      await expect(ended.getByRole('button', { name: words.restake })).toBeVisible();
      await expect(early).toContainText(words.forfeited);
      await expect(early).toContainText(words.unstakedEarly);
      await expect(active.getByRole('row', { name: /100 SDT/ })).toContainText(words.daysLeft);
      await expect(active.getByRole('row', { name: /100 SDT/ }).getByRole('button', { name: words.unstake })).toBeVisible();

      // The expiry job marks the ended stake completed (for this wallet only): nothing a holder sees changes.
      await withDatabase(readState().dataDir, (client) =>
        client.query(
          "UPDATE stakes SET status = 'completed', completed_at = now() WHERE wallet_address = $1 AND status = 'active' AND ends_at <= now()",
          [wallet],
        ),
      );
      await page.reload();
      await expect(ended).toContainText(words.completedBadge);
      await ended.getByRole('button', { name: words.withdraw }).click();
      await holderPages.dialog().getByRole('button', { name: words.confirmWithdraw }).click();
      await expect(holderPages.dialog()).toBeHidden();

      // Waiting for its payout, the ended stake is back in Active Stakes: it says its period ended, not 0 days left.
      const waiting = active.getByRole('row', { name: /200 SDT/ });
      for (const reloaded of [false, true]) {
        if (reloaded) await page.reload();
        await expect(waiting).toContainText(words.periodEnded);
        await expect(waiting).toContainText(words.pendingBadge);
        await expect(waiting).not.toContainText(/\b0\/30\b/);
        await expect(early).toContainText(words.unstakedEarly);
        await expect(early).toContainText(words.forfeited);
      }

      // Total Rewards: 10 (the ended stake, owed in full) + 5 (the running one); never the 50 given up.
      const cards = page.locator('.summary-cards');
      await expect(cards).toContainText(words.totalStaked);
      await expect(cards).toContainText(words.totalRewards);
      const requests = holderPages.section(words.requests).getByRole('row', { name: /900 SDT/ });
      await expect(requests.getByRole('cell').nth(1)).toHaveText(words.dateTime);
      await atBothWidths(page, async () => {
        await shoot(page, testInfo, `dashboard-${language}`);
        await expectFitsWindow(page);
      });
    });
  });
}
