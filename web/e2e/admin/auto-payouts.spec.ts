import type { Locator } from '@playwright/test';
import { DEFAULT_AUTO_PAYOUT } from '@stakedesk/shared/auto-payout';
import { createAdmin, deleteAdmin, loginToken, putSettings } from '../support/admin-api.js';
import { AdminPanel, PASSWORD_CHECK } from '../support/admin-panel.js';
import { expectAccessible } from '../support/axe.js';
import { requestWithdrawal, stakeThroughApi } from '../support/holder-api.js';
import { readState } from '../support/state.js';
import { expect, test } from '../support/test.js';

// The server pays pending withdrawals by itself while the policy is on: the tests here keep its
// limit at 1 token (and new wallets waiting a day), so it pays none of the other tests' withdrawals,
// and turn it off again whatever happens.
test.describe.configure({ mode: 'serial' });
test.afterAll(async () => {
  await putSettings({ autoPayout: DEFAULT_AUTO_PAYOUT });
});

const PHONE = { width: 390, height: 844 };
const short = (text: string) => `${text.slice(0, 4)}...${text.slice(-4)}`;

/** The switch says its state in words an operator sees (the other word slid out of sight) and is announced as checked or not. */
async function expectSwitch(onOff: Locator, on: boolean, onWord: string, offWord: string) {
  await expect(onOff).toHaveAttribute('aria-checked', String(on));
  await expect(onOff.getByText(on ? onWord : offWord, { exact: true })).toBeInViewport({ ratio: 1 });
  await expect(onOff.getByText(on ? offWord : onWord, { exact: true })).not.toBeInViewport();
}

test('an owner turns automatic payouts on with a step-up, sees them run, and a withdrawal over the limit says why it waits', async ({
  page,
  holder,
}, testInfo) => {
  const { admin, hotWallet } = readState();
  const stake = await stakeThroughApi(holder, 'Starter', 100);
  await requestWithdrawal(holder, stake);

  const panel = new AdminPanel(page);
  await panel.open('Withdrawals');
  const card = panel.section('Automatic Payouts');
  await expect(card).toContainText('Every withdrawal waits for an operator.');
  // A neutral label; the switch itself shows Off (its On is slid out of sight), and is announced as not checked.
  const onOff = card.getByRole('switch', { name: 'Automatic payouts' });
  await expectSwitch(onOff, false, 'On', 'Off');
  // One line says what it paid and what the hot wallet holds; the limits and the wallet open below.
  await expect(card).toContainText(/Paid in the last 24 hours: [\d,.]+ SDT of [\d,.]+ SDT · Hot wallet holds 10,000 SDT/);
  await card.getByRole('button', { name: 'Details' }).click();
  await expect(card.getByRole('button', { name: 'Details' })).toHaveAttribute('aria-expanded', 'true');
  await expect(card.getByRole('button', { name: `Copy address ${hotWallet}` })).toHaveText(short(hotWallet));
  await expect(card.getByRole('link', { name: `View ${hotWallet} on the explorer` })).toHaveAttribute(
    'href',
    `https://explorer.solana.com/address/${hotWallet}?cluster=devnet`,
  );
  await expect(card.getByText('10,000 SDT', { exact: true })).toBeVisible();
  await expect(card).toContainText('Paid nothing automatically in the last 7 days');
  // The treasury counts the hot wallet, on a line of its own.
  await expect(page.getByRole('region', { name: 'Treasury Coverage' })).toContainText(`Hot wallet ${short(hotWallet)}: holds 10,000 SDT`);

  await card.getByRole('button', { name: 'Edit Policy' }).click();
  const dialog = panel.dialog('Automatic Payout Policy');
  await dialog.getByLabel('Limit per Withdrawal').fill('1');
  await dialog.getByLabel('Limit per 24 Hours').fill('abc');
  await dialog.getByLabel('Minimum Hot Wallet Balance').fill('100');
  await dialog.getByLabel('Delay for New Wallets (hours)').fill('24');
  await dialog.getByRole('switch', { name: 'Automatic payouts' }).click();
  await expectSwitch(dialog.getByRole('switch', { name: 'Automatic payouts' }), true, 'On', 'Off');
  // Nothing invalid is sent: the field says what is wrong.
  await dialog.getByRole('button', { name: 'Save Policy' }).click();
  await expect(dialog.getByText('Limit per 24 hours must be a number')).toBeVisible();
  await expect(panel.stepUp()).toBeHidden();
  await dialog.getByLabel('Limit per 24 Hours').fill('1');
  await expectAccessible(page, '.ant-modal');
  await page.screenshot({ path: testInfo.outputPath('auto-payouts-policy-1366.png') });
  await dialog.getByRole('button', { name: 'Save Policy' }).click();

  // Turning it on lets the server pay: the password confirms it, and the dialog says what changes.
  const stepUp = panel.stepUp();
  await expect(stepUp).toBeVisible(PASSWORD_CHECK);
  await expect(stepUp.getByRole('term').first()).toHaveText('Automatic payouts');
  await expect(stepUp.getByRole('definition').first()).toHaveText('Now: Off');
  await expect(stepUp.getByRole('definition').nth(1)).toHaveText('Becomes: On');
  await panel.confirmStepUp(admin.password);
  await expect(panel.toast('Automatic payout policy saved')).toBeVisible(PASSWORD_CHECK);
  await expect(dialog).toBeHidden();

  // Running, or stopped with each reason said (another test's payout may be in review meanwhile).
  await expect(card.getByText('Running', { exact: true }).or(card.getByText('Stopped', { exact: true }))).toBeVisible();
  await expect(card).toContainText('Paid in the Last 24 Hours0 SDT of 1 SDT');
  await expect(card).toContainText('Paid in the last 24 hours: 0 SDT of 1 SDT');
  await expectSwitch(onOff, true, 'On', 'Off');

  // The next round leaves the withdrawal (90 SDT after the early penalty) to an operator, and says why.
  const row = panel
    .section('Pending Withdrawals')
    .getByRole('row')
    .filter({ hasText: short(holder.publicKey.toBase58()) });
  // The round announces it (autoPayouts.changed): the panel shows it without waiting for its own refresh.
  await expect(row).toContainText('Left to an operator: Over the automatic payout limit of 1 SDT per withdrawal', { timeout: 15_000 });
  await expect(row.getByRole('button', { name: 'Process' })).toBeEnabled();
  await expectAccessible(page, '.admin-auto-payouts');
  await page.screenshot({ path: testInfo.outputPath('auto-payouts-on-1366.png'), fullPage: true });

  await page.setViewportSize(PHONE);
  const cardBox = await card.boundingBox();
  expect(cardBox!.x + cardBox!.width).toBeLessThanOrEqual(PHONE.width);
  await expect(card.getByRole('button', { name: 'Edit Policy' })).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: testInfo.outputPath('auto-payouts-on-390.png'), fullPage: true });
  // The payout column scrolls away under the fixed actions on a phone: the reason is said beside the buttons too.
  await row.scrollIntoViewIfNeeded();
  await expect(row.getByText('Left to an operator: Over the automatic payout limit of 1 SDT per withdrawal').last()).toBeInViewport({
    ratio: 1,
  });
  await page.screenshot({ path: testInfo.outputPath('auto-payouts-hold-390.png') });
  await page.setViewportSize({ width: 1366, height: 768 });

  // Off is a brake: one click, no password.
  await onOff.click();
  await expect(panel.toast('Automatic payouts turned off')).toBeVisible();
  await expect(panel.stepUp()).toBeHidden();
  await expectSwitch(onOff, false, 'On', 'Off');
  await expect(card).toContainText('Every withdrawal waits for an operator.');
  await expect(row).not.toContainText('Left to an operator');

  // In Portuguese the label and the state too.
  await panel.choose('Language', 'Português');
  await expectSwitch(
    panel.section('Pagamentos Automáticos').getByRole('switch', { name: 'Pagamentos automáticos' }),
    false,
    'Ligados',
    'Desligados',
  );
  await expect(panel.section('Pagamentos Automáticos')).toContainText('Pago nas últimas 24 horas: 0 SDT de 1 SDT');
});

test('stopped by a hot wallet below its minimum: the panel says Stopped and why, in the words of the reason', async ({
  page,
}, testInfo) => {
  // A round runs every 2 s here (20 in production) and announces that automatic payouts stopped.
  const policy = { enabled: true, maxPerWithdrawal: '1', maxPer24h: '1', minHotBalance: '1000000', newWalletDelayHours: 24 };
  await putSettings({ autoPayout: policy });
  const panel = new AdminPanel(page);
  await panel.open('Withdrawals');
  const card = panel.section('Automatic Payouts');
  await expect(card.getByText('Stopped', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(card).toContainText('Nothing is paid automatically until this is over:');
  await expect(
    card.getByRole('listitem').filter({ hasText: 'The hot wallet holds 10,000 SDT, below the minimum of 1,000,000 SDT' }),
  ).toBeVisible();
  await expectAccessible(page, '.admin-auto-payouts');
  await page.screenshot({ path: testInfo.outputPath('auto-payouts-stopped-1366.png'), fullPage: true });
  await page.setViewportSize(PHONE);
  await expect(card.getByText('Stopped', { exact: true })).toBeInViewport();
  await page.screenshot({ path: testInfo.outputPath('auto-payouts-stopped-390.png'), fullPage: true });
  await putSettings({ autoPayout: DEFAULT_AUTO_PAYOUT });
});

test('a viewer reads the policy and the hot wallet but cannot change them', async ({ page }, testInfo) => {
  const viewer = await createAdmin('viewer', 'autopay-viewer');
  try {
    const panel = new AdminPanel(page);
    await panel.open('Withdrawals', await loginToken(viewer));
    const card = panel.section('Automatic Payouts');
    await expect(card.getByText('Off', { exact: true })).toBeVisible();
    await expect(card).toContainText('Only an owner can change this policy. Your role: Viewer.');
    await expect(card.getByRole('button', { name: 'Edit Policy' })).toHaveCount(0);
    await expect(card.getByRole('switch')).toHaveCount(0);
    await card.getByRole('button', { name: 'Details' }).click();
    await expect(card.getByRole('button', { name: `Copy address ${readState().hotWallet}` })).toBeVisible();
    await expectAccessible(page, '.admin-auto-payouts');
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: testInfo.outputPath('auto-payouts-viewer-390.png'), fullPage: true });
  } finally {
    await deleteAdmin(viewer.id);
  }
});
