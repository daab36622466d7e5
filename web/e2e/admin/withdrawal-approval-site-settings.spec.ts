import type { AdminWithdrawal } from '@stakedesk/shared/api-types';
import { adminCall, adminToken, createAdmin, deleteAdmin, loginToken, putSettings, type TestAdmin } from '../support/admin-api.js';
import { AdminPanel, openPanelWithToken } from '../support/admin-panel.js';
import { expectAccessible } from '../support/axe.js';
import { fundedHolder } from '../support/chain.js';
import { requestWithdrawal, stakeThroughApi } from '../support/holder-api.js';
import { readState } from '../support/state.js';
import { expect, test } from '../support/test.js';

// Four eyes on large withdrawals (DESIGN 17). The threshold holds every withdrawal above it on every
// screen, so this runs in the site-settings project, alone.
let operator: (TestAdmin & { id: number }) | undefined;
test.afterAll(async () => {
  await putSettings({ approvalThreshold: '' });
  if (operator) await deleteAdmin(operator.id);
});

const prepare = async (token: string, withdrawalId: number) =>
  fetch(`${readState().baseURL}/api/admin/payouts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ withdrawalIds: [withdrawalId] }),
  });

test('a withdrawal at the threshold waits for an approval; the approver cannot pay it, another admin can', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const holder = await fundedHolder(5_000);
  const withdrawal = await requestWithdrawal(holder, await stakeThroughApi(holder, 'Starter', 4_321));
  await putSettings({ approvalThreshold: withdrawal.finalAmount });
  operator = await createAdmin('operator', 'approver');
  const operatorToken = await loginToken(operator);
  const wallet = holder.publicKey.toBase58();

  await openPanelWithToken(page, 'Admin Panel', operatorToken);
  const panel = new AdminPanel(page);
  await panel.tab('Withdrawals').click();
  await page.getByRole('searchbox', { name: 'Search by wallet or TXID' }).fill(wallet);
  await page.getByRole('searchbox', { name: 'Search by wallet or TXID' }).press('Enter');
  const row = page.getByRole('region', { name: 'Pending Withdrawals' }).locator('.ant-table-tbody > tr.ant-table-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Needs approval').first()).toBeVisible();
  await expect(row.getByRole('button', { name: 'Pay' })).toBeDisabled();
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width > 600 ? 768 : 844 });
    // On a phone the payout column scrolls away: the actions column, which stays, says it too.
    await row.scrollIntoViewIfNeeded();
    const said = row.getByText('Needs approval');
    await expect(width > 600 ? said.first() : said.last()).toBeInViewport();
    await page.screenshot({ path: testInfo.outputPath(`approval-needed-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 768 });
  await expectAccessible(page, '.ant-table-wrapper');

  await row.getByRole('button', { name: 'Approve' }).first().click();
  await expect(panel.toast('Withdrawal approved: another admin can pay it')).toBeVisible();
  await expect(row.getByText(`Approved by ${operator.username}`).first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('approved-1366.png'), fullPage: true });

  // The approver is refused with the reason; the owner, a second admin, prepares it.
  const byApprover = await prepare(operatorToken, withdrawal.id);
  expect(byApprover.status).toBe(409);
  expect(await byApprover.json()).toMatchObject({ code: 'approvalRequired' });
  const byOwner = await prepare(await adminToken(), withdrawal.id);
  expect(byOwner.status).toBe(201);
  const listed = await adminCall<AdminWithdrawal[]>(await adminToken(), 'GET', `/api/admin/withdrawals?status=pending&q=${wallet}`);
  expect(listed).toEqual([expect.objectContaining({ id: withdrawal.id, approvedBy: operator.username, payout: expect.anything() })]);
});

test('the threshold is set in Token Config; removing it asks for the password and shows what changes; Portuguese writes it 1.500,25', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await putSettings({ approvalThreshold: '' });
  const panel = new AdminPanel(page);
  await panel.open();
  const field = page.getByLabel('Approval threshold');
  await field.fill('25000');
  await page.getByRole('button', { name: 'Update Settings' }).click();
  await expect(panel.toast('Settings updated successfully')).toBeVisible();
  const saved = async () =>
    (await adminCall<{ approvalThreshold: string }>(await adminToken(), 'GET', '/api/admin/settings')).approvalThreshold;
  expect(await saved()).toBe('25000');
  // Removing it lets one admin pay any amount: a step-up change, with the old and the new value.
  await field.fill('');
  await page.getByRole('button', { name: 'Update Settings' }).click();
  const dialog = panel.stepUp();
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByRole('term')).toHaveText('Approval threshold');
  await panel.confirmStepUp(readState().admin.password);
  await expect(panel.stepUp()).toHaveCount(0);
  await expect.poll(saved).toBe('');
  await expect(field).toHaveValue('');

  // In Portuguese the box reads and shows numbers as Portuguese writes them.
  await panel.choose('Language', 'Português');
  const campo = page.getByLabel('Limite de aprovação');
  await campo.fill('1.500,25');
  await page.getByRole('button', { name: 'Atualizar Configurações' }).click();
  await expect.poll(saved).toBe('1500.25');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Painel Administrativo' })).toBeVisible({ timeout: 20_000 });
  await expect(campo).toHaveValue('1500,25');
});
