import { AdminPanel, PASSWORD_CHECK } from '../support/admin-panel.js';
import { readState } from '../support/state.js';
import { expect, test } from '../support/test.js';

// One admin's life, in steps that each get their own time budget; later steps use the admin the
// first one created, so a failure skips the rest.
test.describe.serial('admins', () => {
  test('create with validation; the new admin logs in', async ({ page, browser }) => {
    // Four password checks at production's bcrypt cost (two step-ups, a refused create, a login):
    // on a loaded 2-CPU CI they alone took most of the default minute.
    test.slow();
    const panel = new AdminPanel(page);
    await panel.open('Admins');
    await expect(page.getByRole('heading', { name: 'Administrator Management' })).toBeVisible();

    await page.getByRole('button', { name: 'Add Admin' }).click();
    const create = panel.dialog('Create New Admin');
    await create.getByLabel('Email').fill('not an email');
    await create.getByLabel('Password').fill('12345');
    await create.getByRole('button', { name: 'Create Admin' }).click();
    await expect(create.getByText('Valid email is required')).toBeVisible();
    await expect(create.getByText('Username is required')).toBeVisible();
    await expect(create.getByText('Password must be at least 6 characters')).toBeVisible();

    await create.getByLabel('Email').fill('second@e2e.example');
    await create.getByLabel('Username').fill('e2e-second');
    await create.getByLabel('Password').fill('');
    await create.getByRole('button', { name: 'Create Admin' }).click();
    // The server requires a password for a new admin (the form alone would not): said on the field.
    const noPassword = panel.toast('Failed to create admin');
    await panel.stepUpIfAsked(readState().admin.password, noPassword);
    await expect(noPassword).toContainText('A password is required for a new admin', PASSWORD_CHECK);
    await expect(create.getByText('A password is required for a new admin')).toBeVisible();
    await create.getByLabel('Password').fill('second admin password');
    // A new admin is an operator unless chosen otherwise.
    await expect(create.getByRole('combobox', { name: 'Role' })).toBeVisible();
    await expect(create.getByText('Operator', { exact: true })).toBeVisible();
    await expect(create.getByText('Plans, withdrawals, expiry, exports, reconciliation; not settings or admins')).toBeVisible();
    await create.getByRole('button', { name: 'Create Admin' }).click();
    // Creating an admin is a step-up change: the owner's password confirms it.
    await panel.confirmStepUp(readState().admin.password);
    await expect(panel.toast('Admin created successfully')).toBeVisible(PASSWORD_CHECK);
    const row = panel.row('e2e-second');
    await expect(row).toContainText('second@e2e.example');
    await expect(row).toContainText('Operator');
    await expect(row.getByRole('cell', { name: 'Off', exact: true })).toBeVisible();

    // The new admin logs in, in a browser of its own.
    const other = await browser.newPage({ baseURL: page.url() });
    const otherPanel = new AdminPanel(other);
    await otherPanel.login('e2e-second', 'second admin password');
    await expect(otherPanel.toast('Login successful')).toBeVisible(PASSWORD_CHECK);
    await other.close();
  });

  test("a new email is confirmed with the owner's password; edit keeps the password", async ({ page, browser }) => {
    const panel = new AdminPanel(page);
    await panel.open('Admins');
    const row = panel.row('e2e-second');
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = panel.dialog('Edit Admin');
    await expect(edit.getByLabel('Password (leave blank to keep the current one)')).toHaveValue('');
    await edit.getByLabel('Email').fill('renamed@e2e.example');
    await edit.getByRole('button', { name: 'Update Admin' }).click();
    // A new username or email is a step-up change, like a role: a stolen session cannot quietly take an account over.
    await expect(panel.stepUp()).toBeVisible(PASSWORD_CHECK);
    await panel.stepUp().getByRole('button', { name: 'Cancel' }).click();
    await expect(panel.stepUp()).toBeHidden();
    await expect(edit).toBeVisible();
    await expect(row).toContainText('second@e2e.example');

    await edit.getByRole('button', { name: 'Update Admin' }).click();
    await panel.confirmStepUp(readState().admin.password);
    await expect(panel.toast('Admin updated successfully')).toBeVisible(PASSWORD_CHECK);
    await expect(row).toContainText('renamed@e2e.example');

    const again = await browser.newPage({ baseURL: page.url() });
    await new AdminPanel(again).login('e2e-second', 'second admin password');
    await expect(new AdminPanel(again).toast('Login successful')).toBeVisible(PASSWORD_CHECK);
    await again.close();
  });

  test('delete after confirming', async ({ page }) => {
    const panel = new AdminPanel(page);
    await panel.open('Admins');
    const row = panel.row('e2e-second');
    await row.getByRole('button', { name: 'Delete' }).click();
    const confirm = page
      .getByRole('dialog')
      .filter({ hasText: 'Are you sure you want to delete this admin? This action cannot be undone.' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(panel.toast('Admin deleted successfully')).toBeVisible();
    await expect(row).toHaveCount(0);
  });
});

test('an admin cannot delete itself: its own row offers no Delete, and says why', async ({ page }) => {
  const panel = new AdminPanel(page);
  await panel.open('Admins');
  // The server refuses it too (server/src/admins tests); the panel does not offer what would be refused.
  const remove = panel.row(readState().admin.username).getByRole('button', { name: 'Delete' });
  await expect(remove).toBeDisabled();
  await expect(remove).toHaveAccessibleDescription('You cannot delete your own account');
  await remove.hover({ force: true });
  await expect(page.getByRole('tooltip')).toHaveText('You cannot delete your own account');
  await expect(panel.row(readState().admin.username)).toBeVisible();
});
