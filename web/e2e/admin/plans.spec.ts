import { AdminPanel } from '../support/admin-panel.js';
import { expect, test } from '../support/test.js';

test('plans: create with validation, edit, deactivate and activate, delete after confirming', async ({ page }) => {
  const panel = new AdminPanel(page);
  await panel.open('Staking Plans');
  const card = panel.panel().getByRole('article', { name: 'E2E Sapphire' });

  await page.getByRole('button', { name: 'Create Plan' }).click();
  const dialog = panel.dialog('Create Staking Plan');
  await dialog.getByRole('button', { name: 'Create Plan' }).click();
  for (const message of [
    'Plan name is required',
    'Yield rate is required',
    'Duration is required',
    'Minimum stake amount is required',
    'Early penalty rate is required',
  ]) {
    await expect(dialog.getByText(message)).toBeVisible();
  }
  await dialog.getByLabel('Plan Name').fill('E2E Sapphire');
  await dialog.getByLabel('Description').fill('<img src=x onerror=alert(1)> shown as text');
  await dialog.getByLabel('Yield Rate (%)').fill('12.5');
  await dialog.getByLabel('Duration (Days)').fill('45');
  await dialog.getByLabel('Min Stake Amount').fill('0.5');
  await dialog.getByLabel('Early Penalty (%)').fill('7.25');
  await dialog.getByRole('button', { name: 'Create Plan' }).click();
  await expect(panel.toast('Staking plan created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText('Active');
  await expect(card).toContainText('12.5%');
  await expect(card).toContainText('45 days');
  await expect(card).toContainText('0.5 SDT');
  await expect(card).toContainText('7.25%');
  await expect(card).toContainText('<img src=x onerror=alert(1)> shown as text');

  await card.getByRole('button', { name: 'Edit' }).click();
  const edit = panel.dialog('Edit Staking Plan');
  await expect(edit.getByLabel('Plan Name')).toHaveValue('E2E Sapphire');
  await edit.getByLabel('Yield Rate (%)').fill('20');
  await edit.getByRole('button', { name: 'Create Plan' }).click();
  await expect(panel.toast('Staking plan updated successfully')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(card).toContainText('20%');

  await card.getByRole('button', { name: 'Deactivate' }).click();
  await expect(panel.toast('Staking plan status updated successfully')).toBeVisible();
  await expect(card).toContainText('Inactive');
  await card.getByRole('button', { name: 'Activate' }).click();
  await expect(card.getByText('Active', { exact: true })).toBeVisible();

  await card.getByRole('button', { name: 'Delete' }).click();
  const confirm = page
    .getByRole('dialog')
    .filter({ hasText: 'Are you sure you want to delete this staking plan? This action cannot be undone.' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(panel.toast('Staking plan deleted successfully')).toBeVisible();
  await expect(card).toHaveCount(0);
});

test('plans: the server’s own limits show on the field', async ({ page }) => {
  const panel = new AdminPanel(page);
  await panel.open('Staking Plans');
  await page.getByRole('button', { name: 'Create Plan' }).click();
  const dialog = panel.dialog('Create Staking Plan');
  await dialog.getByLabel('Plan Name').fill('E2E Too Long');
  await dialog.getByLabel('Yield Rate (%)').fill('5');
  await dialog.getByLabel('Duration (Days)').fill('99999');
  await dialog.getByLabel('Min Stake Amount').fill('1');
  await dialog.getByLabel('Early Penalty (%)').fill('100');
  await dialog.getByRole('button', { name: 'Create Plan' }).click();
  await expect(dialog.getByText('Duration must be at most 3650')).toBeVisible();
  await expect(dialog.getByText('Early penalty must be less than 100%')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel.panel().getByRole('article', { name: 'E2E Too Long' })).toHaveCount(0);
});

test('plans: a change is fetched once, though the live event stream announces it too', async ({ page }) => {
  const panel = new AdminPanel(page);
  await panel.open('Staking Plans');
  await expect(page.getByText('Live', { exact: true })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Create Plan' }).click();
  const dialog = panel.dialog('Create Staking Plan');
  await dialog.getByLabel('Plan Name').fill('E2E Once');
  await dialog.getByLabel('Yield Rate (%)').fill('5');
  await dialog.getByLabel('Duration (Days)').fill('10');
  await dialog.getByLabel('Min Stake Amount').fill('1');
  await dialog.getByLabel('Early Penalty (%)').fill('1');
  await dialog.getByRole('button', { name: 'Create Plan' }).click();
  const card = panel.panel().getByRole('article', { name: 'E2E Once' });
  await expect(card).toContainText('Active');

  const planLists: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === '/api/admin/staking-plans') planLists.push(request.url());
  });
  await card.getByRole('button', { name: 'Deactivate' }).click();
  await expect(card).toContainText('Inactive');
  // Longer than a mutation waits for the stream (ECHO_WAIT_MS): a second fetch would have started by now.
  await page.waitForTimeout(4_000);
  expect(planLists).toHaveLength(1);

  await card.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(card).toHaveCount(0);
});
