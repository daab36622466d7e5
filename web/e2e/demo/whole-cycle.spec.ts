import { screenViolations } from '../support/axe.js';
import { demoBand, expect, getDemoTokens, shoot, stakeInTwoMinutePlan, test, toast } from './support/demo-test.js';

// Against `npm run demo` as it starts: the proof of reserves is taken every 15 s and automatic payouts look every 3 s.
test.describe.configure({ timeout: 180_000 });

test('a newcomer tries the whole cycle: the demo wallet, demo tokens, a two-minute stake in the proof of reserves, an early unstake paid by itself', async ({
  page,
  w,
  language,
}, testInfo) => {
  await page.goto('/');
  await expect(demoBand(page, w)).toContainText(w('demo.band'));
  expect(await screenViolations(page, 'landing with the demo band')).toEqual([]);
  await shoot(page, testInfo, 'landing');

  await getDemoTokens(page, w, language);
  await stakeInTwoMinutePlan(page, w, 1000);
  const running = page.getByRole('row').filter({ hasText: 'Two minutes' });
  await expect(running).toContainText(new RegExp(w('stake.minutesLeft', { left: '[12]', total: 2 })));

  // The next snapshot holds the stake: the dashboard checks the holder's own proof on its visit.
  const reserves = page.getByRole('region', { name: w('reserves.label') });
  await expect(async () => {
    await page.reload();
    await expect(reserves.getByRole('img', { name: w('reserves.markOk') }).filter({ visible: true })).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 90_000, intervals: [3_000] });
  await expect(demoBand(page, w)).toBeVisible();
  expect(await screenViolations(page, 'dashboard with a verified proof of reserves')).toEqual([]);
  await shoot(page, testInfo, 'dashboard-reserves-verified');

  await running.getByRole('button', { name: w('stake.unstake') }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: w('dialog.confirmUnstake') })
    .click();
  await expect(toast(page, w('toast.unstakeSubmitted'))).toBeVisible();

  // Within the demo's policy: the server pays it by itself, from the hot wallet, in seconds.
  const withdrawals = page.getByRole('region', { name: w('dashboard.withdrawalRequests') });
  await expect(async () => {
    await page.reload();
    await expect(withdrawals.getByText(w('withdrawal.completed'), { exact: true })).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 60_000, intervals: [2_000] });
  await expect(withdrawals).toContainText(new Intl.NumberFormat(language).format(900));
  await shoot(page, testInfo, 'dashboard-paid');
});
