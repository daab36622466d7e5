import { AdminPanel } from '../support/admin-panel.js';
import { createPlan } from '../support/admin-api.js';
import { tokenBalance } from '../support/chain.js';
import { stakeThroughApi } from '../support/holder-api.js';
import { HolderPages } from '../support/holder-pages.js';
import { expect, test } from '../support/test.js';

test('capacity: the plan dialog sets caps, the plan card and the landing card show what is left', async ({ page }) => {
  const panel = new AdminPanel(page);
  await panel.open('Staking Plans');
  await page.getByRole('button', { name: 'Create Plan' }).click();
  const dialog = panel.dialog('Create Staking Plan');
  await dialog.getByLabel('Plan Name').fill('E2E Capped');
  await dialog.getByLabel('Yield Rate (%)').fill('8');
  await dialog.getByLabel('Duration (Days)').fill('20');
  await dialog.getByLabel('Min Stake Amount').fill('100');
  await dialog.getByLabel('Early Penalty (%)').fill('5');
  await dialog.getByLabel('Max Total Staked (optional)').fill('25000');
  await dialog.getByLabel('Max Per Wallet (optional)').fill('30000');
  await dialog.getByRole('button', { name: 'Create Plan' }).click();
  await expect(dialog.getByText("Max per wallet cannot be more than the plan's max total staked")).toBeVisible();
  await dialog.getByLabel('Max Per Wallet (optional)').fill('5000');
  await dialog.getByRole('button', { name: 'Create Plan' }).click();
  await expect(panel.toast('Staking plan created successfully')).toBeVisible();

  const card = panel.panel().getByRole('article', { name: 'E2E Capped' });
  await expect(card).toContainText('Capacity25,000 SDT left of 25,000 SDT');
  await expect(card).toContainText('Per Wallet5,000 SDT');
  await card.getByRole('button', { name: 'Edit' }).click();
  const edit = panel.dialog('Edit Staking Plan');
  await expect(edit.getByLabel('Max Total Staked (optional)')).toHaveValue('25000');
  await edit.getByLabel('Max Total Staked (optional)').fill('20000');
  await edit.getByRole('button', { name: 'Create Plan' }).click();
  await expect(panel.toast('Staking plan updated successfully')).toBeVisible();
  await expect(card).toContainText('Capacity20,000 SDT left of 20,000 SDT');

  await page.goto('/');
  await expect(page.getByRole('article', { name: 'E2E Capped' })).toContainText('Remaining capacity20,000 SDT');
});

test('capacity: a deposit the plan cannot take is refused before the wallet signs; the landing card counts down to full', async ({
  page,
  holder,
}) => {
  await createPlan({
    name: 'E2E Nearly Full',
    minStakeAmount: '100',
    yieldRate: '5',
    durationDays: 10,
    earlyPenaltyRate: '5',
    maxTotalStaked: '700',
  });
  await stakeThroughApi(holder, 'E2E Nearly Full', 500);
  await page.goto('/');
  await expect(page.getByRole('article', { name: 'E2E Nearly Full' })).toContainText('Remaining capacity200 SDT');

  const holderPages = new HolderPages(page);
  await holderPages.connectFromLanding();
  const before = await tokenBalance(holder.publicKey);
  await holderPages.submitStake('E2E Nearly Full', 300);
  // The dialog knows the plan's room from the plan itself: it says so at the field and sends nothing.
  await expect(holderPages.dialog().getByRole('alert')).toHaveText('This plan has room for only 200 more SDT.');
  await expect(holderPages.dialog().getByLabel('Amount (SDT)')).toHaveAttribute('aria-invalid', 'true');
  expect(await tokenBalance(holder.publicKey)).toBe(before);

  await holderPages.dialog().getByLabel('Amount (SDT)').fill('200');
  await holderPages.dialog().getByRole('button', { name: 'Confirm Stake' }).click();
  await expect(holderPages.toast('Stake Successful')).toBeVisible({ timeout: 30_000 });
  await page.goto('/');
  await expect(page.getByRole('article', { name: 'E2E Nearly Full' })).toContainText('Remaining capacityPlan full');
});
