import type { Page, TestInfo } from '@playwright/test';
import { createAdmin, deleteAdmin, loginToken, type TestAdmin } from '../support/admin-api.js';
import { AdminPanel } from '../support/admin-panel.js';
import { expectAccessible } from '../support/axe.js';
import { readState } from '../support/state.js';
import { expect, test } from '../support/test.js';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Screenshot artifacts at both widths; at phone width nothing is wider than the screen. */
async function shootBoth(page: Page, testInfo: TestInfo, name: string) {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${size.width}.png`), fullPage: true });
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.setViewportSize(DESKTOP);
}

test.describe('roles in the panel', () => {
  const admins: (TestAdmin & { id: number })[] = [];
  const make = async (role: TestAdmin['role']) => {
    const admin = await createAdmin(role, role);
    admins.push(admin);
    return admin;
  };
  test.afterAll(async () => {
    for (const admin of admins) await deleteAdmin(admin.id);
  });

  test("a viewer's panel reads and exports, and says which role each change needs", async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const viewer = await make('viewer');
    const panel = new AdminPanel(page);
    await panel.open(undefined, await loginToken(viewer));
    await expect(page.getByRole('button', { name: `My account: ${viewer.username}, Viewer` })).toBeVisible();

    // Token Config: every field shown, none editable, no save.
    await expect(panel.panel().getByText('Saving settings needs the owner role. Your role: Viewer.')).toBeVisible();
    await expect(panel.panel().getByLabel('Token Name')).toBeDisabled();
    await expect(panel.panel().getByLabel('Staking Wallet Address')).toBeDisabled();
    await expect(panel.panel().getByRole('switch', { name: 'Require two-factor for every admin' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Update Settings' })).toHaveCount(0);
    await expectAccessible(page, '[role=tabpanel] .ant-alert');
    await shootBoth(page, testInfo, 'viewer-token-config');

    const readOnly = 'Changes here need the operator role. With the Viewer role you can read and export.';
    await panel.openTab('Staking Plans');
    await expect(panel.panel().getByText(readOnly)).toBeVisible();
    await expect(panel.panel().getByRole('button', { name: 'Create Plan' })).toHaveCount(0);
    for (const action of ['Edit', 'Activate', 'Deactivate', 'Delete'])
      await expect(panel.panel().getByRole('button', { name: action, exact: true })).toHaveCount(0);
    await shootBoth(page, testInfo, 'viewer-plans');

    await panel.openTab('Withdrawals');
    await expect(panel.panel().getByText(readOnly)).toBeVisible();
    await expect(panel.panel().getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
    await expect(panel.panel().getByRole('button', { name: /^(Pay|Process|Reject)/ })).toHaveCount(0);
    await expect(panel.panel().getByRole('group', { name: 'Staking wallet' })).toHaveCount(0);
    await expect(panel.panel().getByRole('checkbox')).toHaveCount(0);
    await panel.panel().getByRole('button', { name: 'Export CSV' }).click();
    await expect(panel.toast('Export saved')).toBeVisible();
    await shootBoth(page, testInfo, 'viewer-withdrawals');

    await panel.openTab('Active Stakes');
    await expect(panel.panel().getByRole('button', { name: 'Update Expired Stakes' })).toHaveCount(0);
    await expect(panel.panel().getByRole('button', { name: 'Export CSV' })).toBeVisible();
    await shootBoth(page, testInfo, 'viewer-active-stakes');

    await panel.openTab('Admins');
    await expect(panel.panel().getByText('Managing admins needs the owner role. Your role: Viewer.')).toBeVisible();
    await expect(panel.panel().getByRole('button', { name: 'Add Admin' })).toHaveCount(0);
    await expect(panel.panel().getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
    // Each admin's role and two-factor state, for everyone to read.
    await expect(panel.row(viewer.username)).toContainText('Viewer');
    await expect(panel.row('e2e-admin')).toContainText('Owner');
    await expect(panel.panel().getByRole('columnheader', { name: 'Two-factor' })).toBeVisible();
    await shootBoth(page, testInfo, 'viewer-admins');

    // The own account is the viewer's to manage all the same.
    const drawer = await panel.openAccount();
    await expect(drawer.getByRole('button', { name: 'Set up two-factor' })).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Change password' })).toBeVisible();
    await expectAccessible(page, '.ant-drawer');
    await shootBoth(page, testInfo, 'viewer-account');
  });

  test('an operator runs plans and withdrawals but neither saves settings nor manages admins', async ({ page }) => {
    const operator = await make('operator');
    const panel = new AdminPanel(page);
    await panel.open(undefined, await loginToken(operator));
    await expect(panel.panel().getByText('Saving settings needs the owner role. Your role: Operator.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Update Settings' })).toHaveCount(0);
    await panel.openTab('Staking Plans');
    await expect(panel.panel().getByRole('button', { name: 'Create Plan' })).toBeVisible();
    await expect(panel.panel().getByText(/Changes here need the operator role/)).toHaveCount(0);
    await panel.openTab('Active Stakes');
    await expect(panel.panel().getByRole('button', { name: 'Update Expired Stakes' })).toBeVisible();
    await panel.openTab('Admins');
    await expect(panel.panel().getByText('Managing admins needs the owner role. Your role: Operator.')).toBeVisible();
    await expect(panel.panel().getByRole('button', { name: 'Add Admin' })).toHaveCount(0);
  });

  test("an owner picks a new admin's role; the role change is confirmed with the owner's password", async ({ page }) => {
    const panel = new AdminPanel(page);
    const viewer = await make('viewer');
    await panel.open('Admins');
    const row = panel.row(viewer.username);
    await expect(row).toContainText('Viewer');
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = panel.dialog('Edit Admin');
    await panel.choose('Role', 'Operator');
    await edit.getByRole('button', { name: 'Update Admin' }).click();
    // Cancel changes nothing.
    await expect(panel.stepUp()).toBeVisible();
    await panel.stepUp().getByRole('button', { name: 'Cancel' }).click();
    await expect(panel.stepUp()).toBeHidden();
    await expect(panel.toast('Failed to update admin')).toHaveCount(0);
    await expect(edit).toBeVisible();
    await edit.getByRole('button', { name: 'Update Admin' }).click();
    await panel.confirmStepUp(readState().admin.password);
    await expect(panel.toast('Admin updated successfully')).toBeVisible();
    await expect(row).toContainText('Operator');
  });
});
