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
  // In words, from the entry's action and its before/after data; the raw code only inside the opened row.
  const created = panel
    .row(/Created plan E2E Audited \(#\d+\)/)
    .filter({ hasText: 'e2e-admin' })
    .first();
  await expect(created).toBeVisible();
  await expect(created).not.toContainText('plan.create');
  await created.getByRole('button', { name: /expand row/i }).click();
  await expect(panel.panel()).toContainText('"name": "E2E Audited"');
  await expect(panel.panel()).toContainText('Code: plan.create');
  const deleted = panel.row(/Deleted plan E2E Audited \(#\d+\)/).first();
  await expect(deleted).toBeVisible();
  const id = /#(\d+)/.exec((await deleted.textContent()) ?? '')![1];

  await panel.choose('Language', 'Português');
  await expect(panel.tab('Registro de Auditoria')).toHaveAttribute('aria-selected', 'true');
  await expect(panel.row(`Excluiu o plano E2E Audited (#${id})`).first()).toBeVisible();
  await expect(panel.row(/Criou o plano E2E Audited \(#\d+\)/).first()).toBeVisible();
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
