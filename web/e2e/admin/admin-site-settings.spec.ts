import { adminToken } from '../support/admin-api.js';
import { ADMIN_TABS, AdminPanel } from '../support/admin-panel.js';
import { expect, test } from '../support/test.js';

// Maintenance changes every holder page, so this runs in the site-settings project, alone.
test('the maintenance switch saves by itself, warns on every tab, blocks holders, lets the admin work, and turns off again', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const panel = new AdminPanel(page);
  await panel.open();
  const toggle = page.getByRole('switch', { name: 'Block all users from accessing the platform' });
  const banner = page.getByText('Maintenance mode is on: all users except admins will see the maintenance page.');
  // The type and time are saved with the form; an unsaved edit elsewhere is neither saved nor lost by the switch.
  await panel.choose('Type', 'System Update');
  await page.getByLabel('Estimated Time').fill('about an hour');
  await page.getByRole('button', { name: 'Update Settings' }).click();
  await expect(panel.toast('Settings updated successfully')).toBeVisible();
  await page.getByLabel('Token Name').fill('Unsaved Name');

  await toggle.click();
  await expect(panel.toast('Maintenance mode is on')).toBeVisible();
  await expect(toggle).toBeChecked();
  await expect(banner).toBeVisible();
  await expect(page.getByLabel('Token Name')).toHaveValue('Unsaved Name');
  const saved = (await (await fetch(new URL('/api/settings', page.url()))).json()) as { tokenName: string; maintenanceMode: boolean };
  expect(saved).toMatchObject({ maintenanceMode: true });
  expect(saved.tokenName).not.toBe('Unsaved Name');

  // Every tab says so, at both widths.
  for (const tab of ADMIN_TABS) {
    await panel.openTab(tab);
    await expect(banner).toBeVisible();
    await expect(banner).toBeInViewport();
  }
  await page.screenshot({ path: testInfo.outputPath('maintenance-banner-1366.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(banner).toBeInViewport();
  await page.screenshot({ path: testInfo.outputPath('maintenance-banner-390.png') });
  await page.setViewportSize({ width: 1366, height: 768 });

  const holder = await browser.newPage({ baseURL: page.url() });
  await holder.goto('/');
  await expect(holder.getByText('SYSTEM UPDATE', { exact: true })).toBeVisible();
  await expect(holder.getByText('about an hour')).toBeVisible();
  await holder.close();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await expect(banner).toBeVisible();
  await page.getByRole('switch', { name: 'Block all users from accessing the platform' }).click();
  await expect(panel.toast('Maintenance mode is off')).toBeVisible();
  await expect(banner).toHaveCount(0);
  const after = await browser.newPage({ baseURL: page.url() });
  await after.goto('/');
  await expect(after.getByRole('heading', { level: 1 })).not.toHaveText(/System Update/);
  await expect(after.getByRole('article')).not.toHaveCount(0);
  await after.close();
});

test.describe('in Portuguese', () => {
  test.use({ locale: 'pt-BR' });

  test('the switch and the banner speak Portuguese', async ({ page }, testInfo) => {
    const panel = new AdminPanel(page);
    const token = await adminToken();
    await page.addInitScript((value) => localStorage.setItem('admin_token', value), token);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Painel Administrativo' })).toBeVisible({ timeout: 15_000 });
    const toggle = page.getByRole('switch', { name: 'Bloquear o acesso de todos os usuários à plataforma' });
    await toggle.click();
    await expect(panel.toast('Modo de manutenção ativado')).toBeVisible();
    const banner = page.getByText(
      'O modo de manutenção está ativo: todos os usuários, exceto administradores, verão a página de manutenção.',
    );
    await expect(banner).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('maintenance-banner-pt-1366.png') });
    // The banner heads every tab: back at the top of the page, it is the first thing in sight.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(banner).toBeInViewport();
    await page.screenshot({ path: testInfo.outputPath('maintenance-banner-pt-390.png') });
    await toggle.click();
    await expect(panel.toast('Modo de manutenção desativado')).toBeVisible();
    await expect(banner).toHaveCount(0);
  });
});
