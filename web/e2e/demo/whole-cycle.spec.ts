import { expectAccessible, screenViolations } from '../support/axe.js';
import { recordScripts, withDemoCode } from '../support/demo-code.js';
import { demoBand, expect, getDemoTokens, shoot, stakeInTwoMinutePlan, test, toast, TWO_MINUTES } from './support/demo-test.js';

// Against `npm run demo` as it starts: the proof of reserves is taken every 15 s and automatic payouts look every 3 s.
// Minutes on a loaded machine (CI runs it beside other suites): the waits are for the demo's schedules, not fixed sleeps.
test.describe.configure({ timeout: 240_000 });

test('a newcomer tries the whole cycle: the demo wallet, demo tokens, a two-minute stake in the proof of reserves, an early unstake paid by itself', async ({
  page,
  w,
  language,
}, testInfo) => {
  const scripts = recordScripts(page);
  await page.goto('/');
  await expect(demoBand(page, w)).toContainText(w('demo.band'));
  await expect(page.getByRole('article', { name: TWO_MINUTES })).toContainText(w('plans.minutes', { minutes: 2 }));
  expect(await screenViolations(page, 'landing with the demo band')).toEqual([]);
  await shoot(page, testInfo, 'landing');

  await getDemoTokens(page, w, language);
  await expectAccessible(page, '[data-sonner-toast]');
  // The demo's code came as chunks of its own, once the settings said demo (holder/landing-no-demo.spec.ts: never elsewhere).
  expect(withDemoCode(scripts)).toEqual(expect.arrayContaining([expect.stringMatching(/demo-wallet/), expect.stringMatching(/DemoBand/)]));
  await stakeInTwoMinutePlan(page, w, 1000);
  const running = page.getByRole('row').filter({ hasText: 'Two minutes' });
  await expect(running).toContainText(new RegExp(w('stake.minutesLeft', { left: '[12]', total: 2 })));

  // The next snapshot holds the stake: the dashboard checks the holder's own proof on its visit.
  const reserves = page.getByRole('region', { name: w('reserves.label') });
  await expect(async () => {
    await page.reload();
    await expect(reserves.getByRole('img', { name: w('reserves.markOk') }).filter({ visible: true })).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 120_000, intervals: [3_000] });
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
    await expect(withdrawals.getByText(w('withdrawal.completed'), { exact: true })).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 90_000, intervals: [2_000] });
  await expect(withdrawals).toContainText(new Intl.NumberFormat(language).format(900));
  await shoot(page, testInfo, 'dashboard-paid');
});
