import type { Page } from '@playwright/test';
import { adminToken, createAdmin, deleteAdmin, enrolTwoFactor, loginToken } from '../support/admin-api.js';
import { ADMIN_TABS, AdminPanel, openPanelWithToken as openPanel } from '../support/admin-panel.js';
import { screenViolations } from '../support/axe.js';
import { expect, test } from '../support/test.js';

// Every admin screen, in both languages at 1366 and 390 px: no critical or serious axe-core
// violation. Screens are opened at desktop width and then checked at the test's width.
const DESKTOP = { width: 1366, height: 800 };
const WIDTHS = [DESKTOP, { width: 390, height: 844 }];
const TAB_COUNT = ADMIN_TABS.length;
const WORDS = {
  en: {
    title: 'Admin Panel',
    login: 'Login',
    verify: 'Verify',
    createPlan: 'Create Plan',
    account: /^My account/,
    twoFactor: 'Set up two-factor',
  },
  'pt-BR': {
    title: 'Painel Administrativo',
    login: 'Entrar',
    verify: 'Verificar',
    createPlan: 'Criar Plano',
    account: /^Minha conta/,
    twoFactor: 'Configurar duas etapas',
  },
};

for (const [language, words] of Object.entries(WORDS)) {
  test.describe(`${language} at ${WIDTHS.map((size) => size.width).join(' and ')} px`, () => {
    test.use({ locale: language, viewport: DESKTOP });
    /** Each screen is loaded once and checked at every width. */
    const check = async (page: Page, screen: string) => {
      const found: string[] = [];
      for (const size of WIDTHS) {
        await page.setViewportSize(size);
        found.push(...(await screenViolations(page, `${screen} at ${size.width} px`)));
      }
      await page.setViewportSize(DESKTOP);
      return found;
    };

    test('login', async ({ page }) => {
      await page.goto('/admin');
      await expect(page.getByRole('button', { name: words.login })).toBeVisible({ timeout: 15_000 });
      expect(await check(page, 'login')).toEqual([]);
    });

    test('the two-factor step of the login', async ({ page }) => {
      const admin = await createAdmin('operator', 'a11y-code');
      try {
        await enrolTwoFactor(await loginToken(admin));
        await page.goto('/admin');
        await page.getByLabel(/^(Username|Usuário)$/).fill(admin.username);
        await page.getByLabel(/^(Password|Senha)$/).fill(admin.password);
        await page.getByRole('button', { name: words.login }).click();
        await expect(page.getByRole('button', { name: words.verify })).toBeVisible({ timeout: 15_000 });
        await expect(page.getByRole('main').getByRole('heading', { level: 1, name: words.title })).toBeVisible();
        expect(await check(page, 'two-factor step')).toEqual([]);
      } finally {
        await deleteAdmin(admin.id);
      }
    });

    test('every tab of the panel, and the plan dialog', async ({ page }) => {
      // Every screen over full tables, at two widths: minutes on a loaded 2-CPU machine.
      test.setTimeout(480_000);
      const panel = new AdminPanel(page);
      await openPanel(page, words.title, await adminToken());
      const tabs = page.getByRole('tab');
      await expect(tabs).toHaveCount(TAB_COUNT);
      const found: string[] = [];
      for (let i = 0; i < TAB_COUNT; i++) {
        await tabs.nth(i).click();
        await expect(tabs.nth(i)).toHaveAttribute('aria-selected', 'true');
        await expect(panel.panel()).toBeVisible();
        found.push(...(await check(page, `tab ${await tabs.nth(i).innerText()}`)));
      }
      await tabs.nth(1).click();
      await page.getByRole('button', { name: words.createPlan }).click();
      await expect(panel.dialog()).toBeVisible();
      found.push(...(await check(page, 'plan dialog')));
      expect(found).toEqual([]);
    });

    test('own account and two-factor setup', async ({ page }) => {
      const admin = await createAdmin('operator', 'a11y');
      try {
        await openPanel(page, words.title, await loginToken(admin));
        await page.getByRole('button', { name: words.account }).click();
        const drawer = page.locator('.ant-drawer');
        await expect(drawer).toBeVisible();
        const found = await check(page, 'my account');
        await drawer.getByRole('button', { name: words.twoFactor }).click();
        await expect(drawer.locator('canvas')).toBeVisible();
        found.push(...(await check(page, 'two-factor setup')));
        expect(found).toEqual([]);
      } finally {
        await deleteAdmin(admin.id);
      }
    });
  });
}
