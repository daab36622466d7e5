import { AdminPanel } from '../support/admin-panel.js';
import { depositOnChain, recordDeposit } from '../support/holder-api.js';
import { expect, test } from '../support/test.js';

test('the audit log shows who changed what, with the before and after', async ({ page }) => {
  const panel = new AdminPanel(page);
  await panel.open('Staking Plans');
  await page.getByRole('button', { name: 'Create Plan' }).click();
  const dialog = panel.dialog('Create Staking Plan');
  await dialog.getByLabel('Plan Name').fill('E2E Audited');
  await dialog.getByLabel('Yield Rate (%)').fill('3');
  await dialog.getByLabel('Duration (Days)').fill('10');
  await dialog.getByLabel('Min Stake Amount').fill('1');
  await dialog.getByLabel('Early Penalty (%)').fill('1');
  await dialog.getByRole('button', { name: 'Create Plan' }).click();
  await expect(panel.toast('Staking plan created successfully')).toBeVisible();
  const card = panel.panel().getByRole('article', { name: 'E2E Audited' });
  await card.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').filter({ hasText: 'Are you sure' }).getByRole('button', { name: 'Delete' }).click();
  await expect(panel.toast('Staking plan deleted successfully')).toBeVisible();

  await panel.openTab('Audit Log');
  const created = panel.row('plan.create').filter({ hasText: 'e2e-admin' }).first();
  await expect(created).toBeVisible();
  await created.getByRole('button', { name: /expand row/i }).click();
  await expect(panel.panel()).toContainText('"name": "E2E Audited"');
  await expect(panel.row('plan.delete').first()).toBeVisible();
});

test('reconciliation lists a deposit no stake records, until the holder’s app records it', async ({ page, holder }) => {
  const panel = new AdminPanel(page);
  const txId = await depositOnChain(holder, 123);
  await panel.open('Reconciliation');
  const row = panel.row(`${txId.slice(0, 8)}...${txId.slice(-8)}`);
  await expect(row).toContainText('123 SDT');
  await expect(row).toContainText(`${holder.publicKey.toBase58().slice(0, 4)}...`);

  const recorded = await recordDeposit(holder, 'Starter', 123, txId);
  expect(recorded.txId).toBe(txId);
  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(row).toHaveCount(0);
});
