import { Keypair } from '@solana/web3.js';
import { createAdmin, deleteAdmin, loginToken, setStakingWallet, type TestAdmin } from '../support/admin-api.js';
import { AdminPanel, PASSWORD_CHECK } from '../support/admin-panel.js';
import { expectAccessible } from '../support/axe.js';
import { stakeThroughApi } from '../support/holder-api.js';
import { readState } from '../support/state.js';
import { expect, test } from '../support/test.js';

// The staking wallet is where every deposit goes: changing it is a step-up change, and
// every other signed-in admin hears of it at once. It changes what every page shows, so this runs
// in the site-settings project, alone.
test.describe.configure({ mode: 'serial' });

const publicSettings = async () => (await (await fetch(`${readState().baseURL}/api/settings`)).json()) as { stakingWallet: string };

let watcher: (TestAdmin & { id: number }) | undefined;
test.afterAll(async () => {
  await setStakingWallet(readState().stakingWallet);
  if (watcher) await deleteAdmin(watcher.id);
});

test('a new staking wallet is saved only once the password confirms it; the other admins are told at once', async ({
  page,
  browser,
  holder,
}, testInfo) => {
  test.setTimeout(120_000);
  const { stakingWallet, admin } = readState();
  // A stake paid into the wallet about to be replaced: the treasury must still count it afterwards.
  await stakeThroughApi(holder, 'Starter', 100);
  const newWallet = Keypair.generate().publicKey.toBase58();

  // Another admin with the panel open, to hear about it: an operator, so that the run's owner stays
  // the only owner and the wallet changes at once (with two owners it would wait for approval, DESIGN 17).
  watcher = await createAdmin('operator', 'watcher');
  const otherPage = await browser.newPage({ baseURL: readState().baseURL, viewport: { width: 1280, height: 800 } });
  const other = new AdminPanel(otherPage);
  await other.open(undefined, await loginToken(watcher));
  await expect(otherPage.getByText('Live', { exact: true })).toBeVisible({ timeout: 15_000 });

  const panel = new AdminPanel(page);
  await panel.open();
  await expect(page.getByText('Live', { exact: true })).toBeVisible({ timeout: 15_000 });
  await page.getByLabel('Staking Wallet Address').fill(newWallet);
  await page.getByRole('button', { name: 'Update Settings' }).click();

  // Asked, then cancelled: nothing changes and nothing is reported as failed.
  const dialog = panel.stepUp();
  await expect(dialog).toBeVisible(PASSWORD_CHECK);
  await expect(dialog.getByText('This change moves money or access. Confirm it with your current password.')).toBeVisible();
  await expect(dialog.getByLabel('Current password')).toBeFocused();
  // What the change replaces, in full: the wallet now, and the one it becomes.
  const change = dialog.getByRole('definition');
  await expect(dialog.getByRole('term')).toHaveText('Staking Wallet Address');
  await expect(change.nth(0)).toHaveText(`Now: ${stakingWallet}`);
  await expect(change.nth(1)).toHaveText(`Becomes: ${newWallet}`);
  await page.screenshot({ path: testInfo.outputPath('step-up-old-new-1366.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(change.nth(1)).toBeInViewport();
  await page.screenshot({ path: testInfo.outputPath('step-up-old-new-390.png') });
  await page.setViewportSize({ width: 1366, height: 768 });
  await expectAccessible(page, '.ant-modal');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.toast('Failed to update settings')).toHaveCount(0);
  expect((await publicSettings()).stakingWallet).toBe(stakingWallet);

  // A wrong password: the server's message, in the dialog, which stays open.
  await page.getByRole('button', { name: 'Update Settings' }).click();
  await panel.confirmStepUp('not the password');
  await expect(dialog.getByRole('alert')).toContainText('The current password or two-factor code is wrong', PASSWORD_CHECK);
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('step-up-refused-1280.png') });
  expect((await publicSettings()).stakingWallet).toBe(stakingWallet);

  // The right one: the same change goes through. The other admin's notice fades after a few seconds,
  // so it is watched for from the moment of the click, not after this page's own checks.
  await dialog.getByLabel('Current password').fill(admin.password);
  const announced = expect(other.toast(`Security change by ${admin.username}`)).toContainText('The staking wallet was changed.', {
    timeout: 60_000,
  });
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(panel.toast('Settings updated successfully')).toBeVisible(PASSWORD_CHECK);
  await expect(dialog).toBeHidden();
  expect((await publicSettings()).stakingWallet).toBe(newWallet);
  await expect(page.getByLabel('Staking Wallet Address')).toHaveValue(newWallet);
  // The admin who made the change is not told about it.
  await expect(panel.toast(/Security change by/)).toHaveCount(0);

  // The other admin is: who, and what, and the form shows the new wallet without a reload.
  await announced;
  await expect(otherPage.getByLabel('Staking Wallet Address')).toHaveValue(newWallet);
  await otherPage.screenshot({ path: testInfo.outputPath('security-change-announced-1280.png') });
  await otherPage.close();

  // The treasury's headline still counts the earlier wallet: what is owed from it, and what it holds.
  const card = panel.section('Treasury Coverage');
  await expect(async () => {
    await card.getByRole('button', { name: 'Refresh treasury coverage' }).click();
    await expect(card).toContainText(`${stakingWallet} (earlier)`, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(card).toContainText('Held in Staking Wallets');
  await expect(card).not.toContainText('Nothing owed');
  await expect(card).not.toContainText(/Liabilities0\b/);
  await card.screenshot({ path: testInfo.outputPath('treasury-after-wallet-change-1366.png') });
});
