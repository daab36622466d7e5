import { AdminPanel, PASSWORD_CHECK } from '../support/admin-panel.js';
import { readState } from '../support/state.js';
import { expect, test } from '../support/test.js';

test.describe('admin login', () => {
  test('asks for both fields, refuses a wrong password, then logs in and stays logged in', async ({ page }) => {
    const panel = new AdminPanel(page);
    const { admin } = readState();
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();

    await panel.login(admin.username, 'not the password');
    await expect(panel.toast('Login failed')).toContainText('Incorrect username or password', PASSWORD_CHECK);
    expect(await page.evaluate(() => localStorage.getItem('admin_token'))).toBeNull();

    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(panel.toast('Login successful')).toBeVisible(PASSWORD_CHECK);
    for (const card of ['Total Users', 'Total Staked', 'Pending Withdrawals', 'Active Plans'])
      await expect(page.getByText(card, { exact: true })).toBeVisible();
    await expect(panel.tab('Token Config')).toHaveAttribute('aria-selected', 'true');
    expect(await page.evaluate(() => localStorage.getItem('admin_token'))).toMatch(/^ey/);

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  test('logout ends the token on the server, clears it and shows the login form again', async ({ page, request }) => {
    const panel = new AdminPanel(page);
    const { admin } = readState();
    await panel.login(admin.username, admin.password);
    await expect(panel.toast('Login successful')).toBeVisible(PASSWORD_CHECK);
    const token = await page.evaluate(() => localStorage.getItem('admin_token'));
    const asThatToken = () => request.get('/api/admin/me', { headers: { authorization: `Bearer ${token}` } });
    expect((await asThatToken()).status()).toBe(200);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(panel.toast('Logged out successfully')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('admin_token'))).toBeNull();
    // A copy of the token (from this browser, a log, a backup) is worthless from now on.
    expect((await asThatToken()).status()).toBe(401);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  });

  test('logout still forgets the token when the server cannot be reached', async ({ page }) => {
    const panel = new AdminPanel(page);
    await panel.open();
    await page.route('**/api/admin/me/logout', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(panel.toast('Logged out successfully')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(panel.toast('Please log in again')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('admin_token'))).toBeNull();
  });

  test('a token the server no longer accepts ends the session with its reason', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('admin_token', 'eyJhbGciOiJIUzI1NiJ9.e30.not-a-real-signature'));
    await page.goto('/admin');
    await expect(new AdminPanel(page).toast('Please log in again')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  });

  test('speaks Portuguese when chosen, its login failure toast included', async ({ page }) => {
    const panel = new AdminPanel(page);
    await panel.open();
    await panel.choose('Language', 'Português');
    await expect(panel.tab('Configuração do Token')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Atualizar Configurações' })).toBeVisible();
    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(panel.toast('Sessão encerrada com sucesso')).toBeVisible();
    await page.getByLabel('Usuário').fill(readState().admin.username);
    await page.getByLabel('Senha').fill('errada');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(panel.toast('Falha no login')).toContainText('Usuário ou senha incorretos', PASSWORD_CHECK);
  });

  test('/admin/login is not a page', async ({ page }) => {
    await page.goto('/admin/login');
    await expect(page).toHaveTitle('404 - Page Not Found');
  });
});
