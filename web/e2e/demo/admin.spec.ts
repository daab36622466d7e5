import { AdminPanel, PASSWORD_CHECK } from '../support/admin-panel.js';
import { expectAccessible } from '../support/axe.js';
import { expect as baseExpect, getDemoTokens, shoot, stakeInTwoMinutePlan, test, toast } from './support/demo-test.js';
import { readDemoState } from './support/state.js';

// A holder's withdrawal beyond the demo's policy, then an admin's payout by hand: over a minute on a loaded machine,
// where the panel's first reads (behind bcrypt's sign-in) and a payout followed to finalized take seconds each.
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

test('an admin signs in with the password the demo printed, and pays by hand, with the demo wallet, a withdrawal beyond the policy', async ({
  page,
  context,
  w,
  language,
}, testInfo) => {
  // The holder: 6,000 staked and unstaked early is 5,400 to pay, above the demo's automatic limit of 5,000.
  await page.goto('/');
  await getDemoTokens(page, w, language);
  await stakeInTwoMinutePlan(page, w, 6000);
  await page
    .getByRole('row')
    .filter({ hasText: 'Two minutes' })
    .getByRole('button', { name: w('stake.unstake') })
    .click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: w('dialog.confirmUnstake') })
    .click();
  await expect(toast(page, w('toast.unstakeSubmitted'))).toBeVisible();

  const panel = new AdminPanel(await context.newPage());
  const { username, password } = readDemoState().admin;
  await panel.login(username, password);
  await expect(panel.page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible(PASSWORD_CHECK);
  const banner = panel.page.getByRole('alert').filter({ hasText: 'Demo: local chain, play tokens' });
  await expect(banner).toContainText('connect the "Demo wallet"');
  await expectAccessible(panel.page, '.ant-alert');

  await panel.openTab('Withdrawals');
  const pending = panel.section('Pending Withdrawals');
  const row = pending.getByRole('row').filter({ hasText: '5,400 DEMO' });
  await expect(row).toBeVisible();
  // In the panel the demo wallet holds the demo's staking wallet: it connects as that wallet.
  await pending.getByRole('button', { name: 'Connect staking wallet' }).click();
  await expect(pending.getByRole('group', { name: 'Staking wallet' })).toContainText('Staking wallet connected');
  await row.getByRole('button', { name: 'Pay', exact: true }).click();
  const review = panel.dialog(/^Review payout #\d+$/);
  await expect(review).toContainText('5,400 DEMO');
  await shoot(panel.page, testInfo, 'admin-pays-by-hand');
  await review.getByRole('button', { name: 'Sign with wallet' }).click();
  await expect(panel.toast('Payout sent')).toBeVisible();
  await expect(panel.section('Completed Withdrawals').getByRole('row').filter({ hasText: '5,400 DEMO' })).toBeVisible();

  // And the holder sees it paid.
  await expect(async () => {
    await page.reload();
    const withdrawals = page.getByRole('region', { name: w('dashboard.withdrawalRequests') });
    await expect(withdrawals.getByText(w('withdrawal.completed'), { exact: true })).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 60_000, intervals: [2_000] });
});
