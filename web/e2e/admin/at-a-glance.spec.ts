import type { Page } from '@playwright/test';
import { adminToken } from '../support/admin-api.js';
import { openPanelWithToken } from '../support/admin-panel.js';
import { expect, test } from '../support/test.js';

// Issue 25: the stat cards and the treasury fold away, remembered, so that the tabs get the screen.
const WIDTHS = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
];
const WORDS = {
  en: {
    title: 'Admin Panel',
    summary: 'Summary',
    hide: 'Hide summary',
    show: 'Show summary',
    folded: /Pending withdrawals: \d+ · Coverage: /,
    treasury: 'Treasury Coverage',
  },
  'pt-BR': {
    title: 'Painel Administrativo',
    summary: 'Resumo',
    hide: 'Ocultar resumo',
    show: 'Mostrar resumo',
    folded: /Saques pendentes: \d+ · Cobertura: /,
    treasury: 'Cobertura da Tesouraria',
  },
};

const openPanel = async (page: Page, title: string) => openPanelWithToken(page, title, await adminToken());

for (const [language, words] of Object.entries(WORDS)) {
  for (const size of WIDTHS) {
    test.describe(`${language} at ${size.width} px`, () => {
      test.use({ locale: language, viewport: size });

      test('the summary folds away, stays folded after a reload, and unfolds again', async ({ page }, testInfo) => {
        await openPanel(page, words.title);
        const summary = page.getByRole('region', { name: words.summary });
        const tabs = page.getByRole('tablist');
        const unfoldedTabsAt = (await tabs.boundingBox())!.y;
        await summary.getByRole('button', { name: words.hide }).click();
        await expect(summary.getByRole('button', { name: words.show })).toHaveAttribute('aria-expanded', 'false');
        await expect(page.getByText(words.treasury)).toHaveCount(0);
        // Folded, one line still says what waits and how well the wallets cover what is owed.
        await expect(summary.getByText(words.folded)).toBeVisible();
        const foldedTabsAt = (await tabs.boundingBox())!.y;
        expect(foldedTabsAt).toBeLessThan(unfoldedTabsAt);
        // The tabs and the first tab's content start on the first screen.
        expect(foldedTabsAt).toBeLessThan(size.height / 3);
        await page.screenshot({ path: testInfo.outputPath(`summary-folded-${language}-${size.width}.png`) });

        await page.reload();
        await expect(page.getByRole('heading', { name: words.title })).toBeVisible({ timeout: 15_000 });
        await expect(summary.getByText(words.folded)).toBeVisible();
        await expect(page.getByText(words.treasury)).toHaveCount(0);

        await summary.getByRole('button', { name: words.show }).click();
        await expect(summary.getByRole('button', { name: words.hide })).toHaveAttribute('aria-expanded', 'true');
        await expect(page.getByText(words.treasury).first()).toBeVisible();
        await page.screenshot({ path: testInfo.outputPath(`summary-unfolded-${language}-${size.width}.png`) });
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      });
    });
  }
}
