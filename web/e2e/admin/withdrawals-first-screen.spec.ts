import type { Page } from '@playwright/test';
import { adminToken } from '../support/admin-api.js';
import { openPanelWithToken } from '../support/admin-panel.js';
import { fundedHolder } from '../support/chain.js';
import { requestWithdrawal, stakeThroughApi } from '../support/holder-api.js';
import { expect, test } from '../support/test.js';

// Issue 39: at 1366x768 the Withdrawals tab showed no pending row above the fold (the summary and
// the automatic payouts card filled the screen). An operator's first visit must show the work.
const LAPTOP = { width: 1366, height: 768 };
const PENDING = 6;
const WORDS = {
  en: {
    title: 'Admin Panel',
    tab: 'Withdrawals',
    pending: 'Pending Withdrawals',
    automatic: 'Automatic Payouts',
    treasury: 'Treasury Coverage',
  },
  'pt-BR': {
    title: 'Painel Administrativo',
    tab: 'Saques',
    pending: 'Saques Pendentes',
    automatic: 'Pagamentos Automáticos',
    treasury: 'Cobertura da Tesouraria',
  },
};

/** The rows of the pending list wholly inside the window, as the page first shows it (nothing scrolled). */
async function rowsInView(page: Page, pendingTitle: string): Promise<number> {
  const rows = page.getByRole('region', { name: pendingTitle }).locator('.ant-table-tbody > tr.ant-table-row');
  let inView = 0;
  for (const box of await Promise.all((await rows.all()).map((row) => row.boundingBox()))) {
    if (box && box.y >= 0 && box.y + box.height <= LAPTOP.height) inView += 1;
  }
  return inView;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // Enough withdrawals waiting whatever the other specs pay meanwhile (the automatic payouts tests keep their limit at 1 token).
  for (let i = 0; i < PENDING; i++) {
    const holder = await fundedHolder(1_000);
    await requestWithdrawal(holder, await stakeThroughApi(holder, 'Starter', 100 + i));
  }
});

for (const [language, words] of Object.entries(WORDS)) {
  test.describe(`${language} at 1366x768`, () => {
    test.use({ locale: language, viewport: LAPTOP });

    test('a first visit to the Withdrawals tab shows at least five pending withdrawals above the fold, with the summary and automatic payouts', async ({
      page,
    }, testInfo) => {
      // A new browser: nothing folded or opened before.
      await openPanelWithToken(page, words.title, await adminToken());
      await page.getByRole('tab', { name: words.tab }).click();
      const pending = page.getByRole('region', { name: words.pending });
      await expect(pending.locator('.ant-table-tbody > tr.ant-table-row').nth(4)).toBeVisible();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      expect(await rowsInView(page, words.pending)).toBeGreaterThanOrEqual(5);
      // What was above them is still on the first screen, smaller: the summary's figures and the automatic payouts' status.
      await expect(page.getByRole('region', { name: words.treasury })).toBeInViewport({ ratio: 1 });
      await expect(page.getByRole('region', { name: words.automatic })).toBeInViewport({ ratio: 1 });
      await page.screenshot({ path: testInfo.outputPath(`withdrawals-first-screen-${language}-1366.png`) });
    });
  });
}
