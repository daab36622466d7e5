import { expectAccessible, screenViolations } from '../support/axe.js';
import { demoBand, expect, getDemoTokens, shoot, test, toast, TWO_MINUTES } from './support/demo-test.js';

test.describe.configure({ timeout: 120_000 });

test('the demo band, the demo wallet and its tokens, and a plan of minutes read well and pass axe', async ({
  page,
  w,
  language,
}, testInfo) => {
  await page.goto('/');
  const band = demoBand(page, w);
  await expect(band).toContainText(w('demo.band'));
  await expect(page.getByRole('article', { name: TWO_MINUTES })).toContainText(w('plans.minutes', { minutes: 2 }));
  expect(await screenViolations(page, 'landing with the demo band')).toEqual([]);
  await shoot(page, testInfo, 'landing');

  await getDemoTokens(page, w, language);
  await shoot(page, testInfo, 'demo-tokens-sent');
  await expectAccessible(page, '[data-sonner-toast]');
  await toast(page, w('demo.tokensSent')).waitFor({ state: 'detached', timeout: 15_000 });

  // Connected with the demo wallet: its dashboard, the band still there.
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: w('dashboard.newStake') }).getByRole('article', { name: TWO_MINUTES })).toContainText(
    w('plans.minutes', { minutes: 2 }),
  );
  await expect(band).toBeVisible();
  expect(await screenViolations(page, 'dashboard with the demo band')).toEqual([]);
  await shoot(page, testInfo, 'dashboard');
});
