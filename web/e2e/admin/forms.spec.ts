import { AdminPanel } from '../support/admin-panel.js';
import { readState } from '../support/state.js';
import { expect, test } from '../support/test.js';

const publicSettings = async () => (await (await fetch(`${readState().baseURL}/api/settings`)).json()) as Record<string, unknown>;

test('Token Config: an empty required field gets the cursor, a toast says why nothing was saved, and its error goes once filled', async ({
  page,
}) => {
  const panel = new AdminPanel(page);
  await panel.open();
  const name = page.getByLabel('Token Name');
  await name.fill('');
  // The button is at the foot of a long form, far below the field.
  await page.getByRole('button', { name: 'Update Settings' }).click();
  await expect(name).toBeFocused();
  await expect(name).toBeInViewport();
  await expect(panel.toast('Failed to update settings')).toContainText('Nothing was saved: Token name is required');
  const fieldError = page.getByText('Token name is required', { exact: true });
  await expect(fieldError).toBeVisible();
  expect((await publicSettings()).tokenName).toBe('Stakedesk Test Token');

  await name.fill('Stakedesk');
  await expect(fieldError).toHaveCount(0);
  expect((await publicSettings()).tokenName).toBe('Stakedesk Test Token');
});

test('Token Config: the maintenance banner shows the saved state, not the unsaved switch', async ({ page }) => {
  const panel = new AdminPanel(page);
  await panel.open();
  const banner = page.getByText('Maintenance mode is on: all users except admins will see the maintenance page.');
  await expect(banner).toHaveCount(0);
  await page.getByRole('switch', { name: 'Block all users from accessing the platform' }).click();
  await expect(page.getByRole('switch', { name: 'Block all users from accessing the platform' })).toBeChecked();
  await expect(banner).toHaveCount(0);
  expect((await publicSettings()).maintenanceMode).toBe(false);
});

test('Plan dialog: the name’s error clears as it is typed; Duration 0 stays 0 and says why', async ({ page }) => {
  const panel = new AdminPanel(page);
  await panel.open('Staking Plans');
  await page.getByRole('button', { name: 'Create Plan' }).click();
  const dialog = panel.dialog('Create Staking Plan');
  await dialog.getByRole('button', { name: 'Create Plan' }).click();
  const nameError = dialog.getByText('Plan name is required');
  await expect(nameError).toBeVisible();
  await expect(dialog.getByLabel('Plan Name')).toBeFocused();
  await expect(panel.toast('Failed to create staking plan')).toContainText('Nothing was saved: Plan name is required');
  await dialog.getByLabel('Plan Name').fill('E2E Zero Days');
  await expect(nameError).toHaveCount(0);
  // Other fields keep their errors until they change.
  await expect(dialog.getByText('Yield rate is required')).toBeVisible();

  const duration = dialog.getByLabel('Duration (Days)');
  await duration.fill('0');
  await duration.blur();
  await expect(duration).toHaveValue('0');
  await dialog.getByRole('button', { name: 'Create Plan' }).click();
  await expect(dialog.getByText('Duration must be at least 1')).toBeVisible();
  await expect(duration).toHaveValue('0');
  await duration.fill('7');
  await expect(dialog.getByText('Duration must be at least 1')).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel.panel().getByRole('article', { name: 'E2E Zero Days' })).toHaveCount(0);
});
