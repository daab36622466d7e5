import { test as base, expect, type Page, type TestInfo } from '@playwright/test';
import { readDemoState } from './state.js';
import { wordsOf, type Language } from './words.js';

export { expect };

type Fixtures = {
  /** The project's language (its locale): the site starts in it. */
  language: Language;
  /** The holder site's words in that language. */
  w: ReturnType<typeof wordsOf>;
};

export const test = base.extend<Fixtures>({
  baseURL: async ({}, use) => use(readDemoState().baseURL),
  language: async ({ locale }, use) => use(locale === 'pt-BR' ? 'pt-BR' : 'en'),
  w: async ({ language }, use) => use(wordsOf(language)),
});

/** The demo's plan of two minutes, as demo/src/configure.ts names it. */
export const TWO_MINUTES = 'Two minutes';
export const SYMBOL = 'DEMO';

export const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** The band every page of the demo shows. */
export const demoBand = (page: Page, w: Fixtures['w']) => page.getByRole('complementary', { name: w('demo.label') });

/** Kept as an artifact of the test (web/test-results/demo/...): opened and looked at when the screens change. */
export async function shoot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

/** "Get demo tokens" from the band: it connects the demo wallet first (the only wallet there is) and funds it. */
export async function getDemoTokens(page: Page, w: Fixtures['w'], language: Language): Promise<void> {
  await demoBand(page, w)
    .getByRole('button', { name: w('demo.getTokens') })
    .click();
  const amount = new Intl.NumberFormat(language).format(10_000);
  await expect(toast(page, w('demo.tokensSent'))).toContainText(w('demo.tokensSentText', { amount, symbol: SYMBOL, sol: '1' }), {
    timeout: 30_000,
  });
}

/** Stakes `amount` in the two-minute plan from the plan cards on the page, and waits for the dashboard. */
export async function stakeInTwoMinutePlan(page: Page, w: Fixtures['w'], amount: number): Promise<void> {
  await page
    .getByRole('article', { name: TWO_MINUTES })
    .getByRole('button', { name: w('plans.stakeNow') })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(w('dialog.amount', { symbol: SYMBOL })).fill(String(amount));
  await dialog.getByRole('button', { name: w('dialog.confirmStake') }).click();
  await expect(toast(page, w('toast.stakeSuccessful'))).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/dashboard$/);
}
