import { adminToken } from '../support/admin-api.js';
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

test('Plan dialog: the name’s error clears as it is typed; Duration 0 stays 0 and says why', async ({ page }) => {
  const panel = new AdminPanel(page);
  await panel.open('Staking Plans');
  await page.getByRole('button', { name: 'Create Plan' }).click();
  const dialog = await panel.openedDialog('Create Staking Plan');
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

test('Number boxes keep what was typed and say what is wrong with it, in English and Portuguese', async ({ page, browser }, testInfo) => {
  const panel = new AdminPanel(page);
  await panel.open('Staking Plans');
  await page.getByRole('button', { name: 'Create Plan' }).click();
  const dialog = panel.dialog('Create Staking Plan');
  const cases = [
    ['Yield Rate (%)', 'abc', 'Yield rate must be a number'],
    ['Min Stake Amount', '1e3x', 'Minimum stake amount must be a number'],
    ['Early Penalty (%)', '-1', 'Early penalty rate must be at least 0'],
    ['Duration (Days)', '2.5', 'Duration must be a whole number'],
    ['Max Total Staked (optional)', '10.5', 'Max total staked must be a whole number'],
    // A negative cap is below the least a cap can be, not "not whole".
    ['Max Per Wallet (optional)', '-5', 'Max per wallet must be at least 1'],
  ] as const;
  await dialog.getByLabel('Plan Name').fill('E2E Number Boxes');
  for (const [label, typed] of cases) await dialog.getByLabel(label).fill(typed);
  await dialog.getByRole('button', { name: 'Create Plan' }).click();
  for (const [label, typed, message] of cases) {
    // Never rewritten: "1e3x" is not silently 1000, "abc" not silently empty ("required").
    await expect(dialog.getByLabel(label)).toHaveValue(typed);
    await expect(dialog.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(dialog.getByText(/is required/)).toHaveCount(0);
  await dialog.screenshot({ path: testInfo.outputPath('number-boxes-1366.png') });

  const pt = await browser.newPage({ locale: 'pt-BR', viewport: { width: 390, height: 844 } });
  await pt.addInitScript((value) => localStorage.setItem('admin_token', value), await adminToken());
  await pt.goto(`${readState().baseURL}/admin`);
  await expect(pt.getByRole('heading', { name: 'Painel Administrativo' })).toBeVisible({ timeout: 15_000 });
  // Token Config is first: its stakers offset is a whole-number box.
  const offset = pt.getByLabel('Somado aos Stakers Ativos');
  await offset.fill('1e3x');
  await pt.getByRole('button', { name: 'Atualizar Configurações' }).click();
  await expect(offset).toHaveValue('1e3x');
  await expect(offset).toBeFocused();
  await expect(offset).toBeInViewport();
  await expect(pt.getByText('Ajuste de stakers deve ser um número inteiro', { exact: true })).toBeVisible();
  await pt.screenshot({ path: testInfo.outputPath('number-boxes-pt-390.png') });
  await pt.close();
});

test('Token Config: the save button stays in sight while the long form scrolls', async ({ page }) => {
  const panel = new AdminPanel(page);
  await panel.open();
  const save = page.getByRole('button', { name: 'Update Settings' });
  await expect(save).toBeInViewport();
  await page.getByLabel('Custom Message').scrollIntoViewIfNeeded();
  await expect(save).toBeInViewport();
  await page.getByLabel('Token Name').scrollIntoViewIfNeeded();
  await expect(save).toBeInViewport();
});
