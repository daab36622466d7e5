import type { Page } from '@playwright/test';
import type { StakingPlan } from '@stakedesk/shared/api-types';
import { adminToken } from '../support/admin-api.js';
import { AdminPanel, openPanelWithToken } from '../support/admin-panel.js';
import { screenViolations } from '../support/axe.js';
import { expect, test } from '../support/test.js';

// The Blinks section under the plans (DESIGN 18): the links an operator shares, and the Action as a blink client gets it
// from the server, drawn as one draws it; in both languages, at desktop and phone widths.
const SIZES = [
  { width: 1366, height: 800 },
  { width: 390, height: 844 },
];
const WORDS = {
  en: {
    title: 'Admin Panel',
    tab: 'Staking Plans',
    section: 'Blinks: stake from anywhere',
    allPlans: 'All open plans',
    copy: 'Copy the link: All open plans',
    copied: 'Link copied',
    preview: 'What a blink client shows',
  },
  'pt-BR': {
    title: 'Painel Administrativo',
    tab: 'Planos de Staking',
    section: 'Blinks: stake de qualquer lugar',
    allPlans: 'Todos os planos abertos',
    copy: 'Copiar o link: Todos os planos abertos',
    copied: 'Link copiado',
    preview: 'O que um cliente de blinks mostra',
  },
};

/** What the server's Action says in `language`, asked as a blink client asks. */
async function actionIn(page: Page, origin: string, language: string) {
  const answer = await page.request.get(`${origin}/api/actions/stake`, { headers: { 'accept-language': language } });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as { title: string; description: string; links: { actions: Array<{ label: string }> } };
}

for (const [language, words] of Object.entries(WORDS)) {
  test.describe(language, () => {
    test.use({ locale: language });

    test('blinks: the links to share for all plans and each, copied whole, and the preview a blink client would show', async ({
      page,
      context,
    }, testInfo) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const panel = new AdminPanel(page);
      await openPanelWithToken(page, words.title, await adminToken());
      await panel.tab(words.tab).click();
      const origin = new URL(page.url()).origin;
      const content = panel.section(words.section);

      const plans = ((await (await page.request.get(`${origin}/api/staking-plans`)).json()) as StakingPlan[]).filter(
        (plan) => plan.isActive,
      );
      expect(plans.length).toBeGreaterThan(0);
      await expect(content.getByText(`${origin}/stake`, { exact: true })).toBeVisible();
      await expect(content.getByText(`solana-action:${origin}/api/actions/stake`, { exact: true })).toBeVisible();
      for (const plan of plans) {
        await expect(content.getByText(`${origin}/stake/${plan.id}`, { exact: true })).toBeVisible();
        await expect(content.getByText(plan.name, { exact: true }).first()).toBeVisible();
      }
      await content.getByRole('button', { name: words.copy, exact: true }).click();
      await expect(panel.toast(words.copied)).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${origin}/stake`);

      // The preview is the server's own Action in the panel's language: its title, description and a button per plan.
      const action = await actionIn(page, origin, language);
      const preview = content.locator('.admin-blink-preview');
      await expect(preview.getByRole('heading', { name: action.title })).toBeVisible();
      await expect(preview.getByText(action.description)).toBeVisible();
      for (const linked of action.links.actions) await expect(preview.getByRole('button', { name: linked.label })).toBeDisabled();
      expect(action.links.actions).toHaveLength(plans.length);
      await expect(preview.locator('img')).toHaveJSProperty('naturalWidth', 256);

      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.screenshot({ path: testInfo.outputPath(`admin-blinks-${language}-${size.width}.png`), fullPage: true });
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        expect(await screenViolations(page, `blinks ${language} ${size.width}`)).toEqual([]);
      }
    });
  });
}
