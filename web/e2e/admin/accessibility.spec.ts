import type { Page, TestInfo } from '@playwright/test';
import { adminToken, createAdmin, deleteAdmin, enrolTwoFactor, loginToken } from '../support/admin-api.js';
import { ADMIN_TABS, AdminPanel, openPanelWithToken as openPanel } from '../support/admin-panel.js';
import { screenViolations } from '../support/axe.js';
import { expect, test } from '../support/test.js';

// Every admin screen, in both languages at 1366 and 390 px: no critical or serious axe-core
// violation; in English each is also kept as a screenshot at both widths and must fit the phone's
// width. Each screen is loaded once for all of that: opened at desktop width (at phone width antd
// folds the later tabs into a "more" menu), then looked at in each width.
const DESKTOP = { width: 1366, height: 800 };
const PHONE = { width: 390, height: 844 };
const WIDTHS = [DESKTOP, PHONE];
const TAB_COUNT = ADMIN_TABS.length;
const WORDS = {
  en: {
    title: 'Admin Panel',
    login: 'Login',
    verify: 'Verify',
    createPlan: 'Create Plan',
    account: /^My account/,
    twoFactor: 'Set up two-factor',
    stakingWallet: 'Staking Wallet Address',
    saveSettings: 'Update Settings',
    stepUp: 'Confirm this change',
    cancel: 'Cancel',
  },
  'pt-BR': {
    title: 'Painel Administrativo',
    login: 'Entrar',
    verify: 'Verificar',
    createPlan: 'Criar Plano',
    account: /^Minha conta/,
    twoFactor: 'Configurar duas etapas',
    stakingWallet: 'Endereço da Carteira de Staking',
    saveSettings: 'Atualizar Configurações',
    stepUp: 'Confirme esta alteração',
    cancel: 'Cancelar',
  },
};

for (const [language, words] of Object.entries(WORDS)) {
  test.describe(`${language} at ${WIDTHS.map((size) => size.width).join(' and ')} px`, () => {
    test.use({ locale: language, viewport: DESKTOP });
    /** Each screen is loaded once and checked at every width; in English it is also kept as `admin-<shot>-<width>.png`. */
    const check = async (page: Page, testInfo: TestInfo, screen: string, shot: string) => {
      const found: string[] = [];
      for (const size of WIDTHS) {
        await page.setViewportSize(size);
        found.push(...(await screenViolations(page, `${screen} at ${size.width} px`)));
        if (language !== 'en') continue;
        await page.screenshot({ path: testInfo.outputPath(`admin-${shot}-${size.width}.png`), fullPage: true });
        if (size === PHONE) {
          const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
          expect(fits, `${screen} fits ${PHONE.width} px`).toBe(true);
        }
      }
      await page.setViewportSize(DESKTOP);
      return found;
    };

    test('login', async ({ page }, testInfo) => {
      await page.goto('/admin');
      await expect(page.getByRole('button', { name: words.login })).toBeVisible({ timeout: 15_000 });
      expect(await check(page, testInfo, 'login', 'login')).toEqual([]);
    });

    test('the two-factor step of the login', async ({ page }, testInfo) => {
      const admin = await createAdmin('operator', 'a11y-code');
      try {
        await enrolTwoFactor(await loginToken(admin));
        await page.goto('/admin');
        await page.getByLabel(/^(Username|Usuário)$/).fill(admin.username);
        await page.getByLabel(/^(Password|Senha)$/).fill(admin.password);
        await page.getByRole('button', { name: words.login }).click();
        await expect(page.getByRole('button', { name: words.verify })).toBeVisible({ timeout: 15_000 });
        await expect(page.getByRole('main').getByRole('heading', { level: 1, name: words.title })).toBeVisible();
        expect(await check(page, testInfo, 'two-factor step', 'login-code')).toEqual([]);
      } finally {
        await deleteAdmin(admin.id);
      }
    });

    test('every tab of the panel, and the plan dialog', async ({ page }, testInfo) => {
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
        const shot = ADMIN_TABS[i]!.toLowerCase().replaceAll(' ', '-');
        found.push(...(await check(page, testInfo, `tab ${await tabs.nth(i).innerText()}`, shot)));
      }
      await tabs.nth(1).click();
      await page.getByRole('button', { name: words.createPlan }).click();
      await expect(panel.dialog()).toBeVisible();
      found.push(...(await check(page, testInfo, 'plan dialog', 'plan-dialog')));
      expect(found).toEqual([]);
    });

    test('own account and two-factor setup', async ({ page }, testInfo) => {
      const admin = await createAdmin('operator', 'a11y');
      try {
        await openPanel(page, words.title, await loginToken(admin));
        await page.getByRole('button', { name: words.account }).click();
        const drawer = page.locator('.ant-drawer');
        await expect(drawer).toBeVisible();
        const found = await check(page, testInfo, 'my account', 'my-account');
        await drawer.getByRole('button', { name: words.twoFactor }).click();
        await expect(drawer.locator('canvas')).toBeVisible();
        found.push(...(await check(page, testInfo, 'two-factor setup', 'two-factor-setup')));
        expect(found).toEqual([]);
      } finally {
        await deleteAdmin(admin.id);
      }
    });

    test('the step-up dialog (cancelled, nothing saved)', async ({ page }, testInfo) => {
      const panel = new AdminPanel(page);
      await openPanel(page, words.title, await adminToken());
      // A new staking wallet asks for the password first; Cancel leaves the saved one as it was.
      await page.getByLabel(words.stakingWallet).fill('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM');
      await page.getByRole('button', { name: words.saveSettings }).click();
      const stepUp = panel.dialog(words.stepUp);
      await expect(stepUp).toBeVisible({ timeout: 15_000 });
      expect(await check(page, testInfo, 'step-up dialog', 'step-up')).toEqual([]);
      await stepUp.getByRole('button', { name: words.cancel }).click();
      await expect(stepUp).toBeHidden();
    });
  });
}
