import { AdminPanel } from '../support/admin-panel.js';
import { expect, test } from '../support/test.js';

// Maintenance changes every holder page, so this runs in the site-settings project, alone.
test('the maintenance switch warns, blocks holders, lets the admin work, and turns off again', async ({ page, browser }) => {
  const panel = new AdminPanel(page);
  await panel.open();
  const toggle = page.getByRole('switch', { name: 'Block all users from accessing the platform' });
  const banner = page.getByText('Maintenance mode is on: all users except admins will see the maintenance page.');
  await toggle.click();
  // The banner tells what holders see now: the saved state, not the switch before it is saved.
  await expect(banner).toHaveCount(0);
  await panel.choose('Type', 'System Update');
  await page.getByLabel('Estimated Time').fill('about an hour');
  await page.getByRole('button', { name: 'Update Settings' }).click();
  await expect(panel.toast('Settings updated successfully')).toBeVisible();
  await expect(banner).toBeVisible();

  const holder = await browser.newPage({ baseURL: page.url() });
  await holder.goto('/');
  await expect(holder.getByText('SYSTEM UPDATE', { exact: true })).toBeVisible();
  await expect(holder.getByText('about an hour')).toBeVisible();
  await holder.close();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await expect(banner).toBeVisible();
  await page.getByRole('switch', { name: 'Block all users from accessing the platform' }).click();
  await expect(banner).toBeVisible();
  await page.getByRole('button', { name: 'Update Settings' }).click();
  await expect(panel.toast('Settings updated successfully')).toBeVisible();
  await expect(banner).toHaveCount(0);
  const after = await browser.newPage({ baseURL: page.url() });
  await after.goto('/');
  await expect(after.getByRole('heading', { level: 1 })).not.toHaveText(/System Update/);
  await expect(after.getByRole('article')).not.toHaveCount(0);
  await after.close();
});
