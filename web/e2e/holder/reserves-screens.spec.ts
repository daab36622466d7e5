import { screenViolations } from '../support/axe.js';
import { stakeThroughApi } from '../support/holder-api.js';
import { anchoredSnapshot } from '../support/dishonest-reserves.js';
import { takeReservesSnapshot } from '../support/reserves.js';
import { expect, test } from '../support/test.js';
import { atBothWidths, expectFitsWindow, shoot } from '../support/widths.js';

// The proof-of-reserves screens as screenshot artifacts at 1366 and 390 px, in both languages, each
// with no critical or serious axe-core violation and nothing wider than the window at either width.
const WORDS = {
  en: {
    connect: /^Connect( Wallet)?$/,
    connected: 'Wallet Connected',
    region: 'Proof of reserves',
    active: 'Active Stakes',
    download: 'Download proof',
    verified: 'Verified',
    banner: 'Your proof of reserves does not check out',
  },
  'pt-BR': {
    connect: /^Conectar( carteira)?$/,
    connected: 'Carteira conectada',
    region: 'Prova de reservas',
    active: 'Stakes ativos',
    download: 'Baixar prova',
    verified: 'Verificado',
    banner: 'A sua prova de reservas não confere',
  },
};

for (const [language, words] of Object.entries(WORDS)) {
  test.describe(language, () => {
    test.use({ locale: language });

    test('proof of reserves screens', async ({ page, holder }, testInfo) => {
      test.setTimeout(test.info().timeout + 60_000);
      const found: string[] = [];
      /** The screen as it is now, at the window's present width. */
      const check = async (name: string) => {
        await page.waitForLoadState('networkidle');
        // A pointer resting on a toast pauses its timer; a toast fading out is checked at whatever opacity it has.
        await page.mouse.move(1, page.viewportSize()!.height - 1);
        await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
        await shoot(page, testInfo, `${name}-${language}`);
        found.push(...(await screenViolations(page, `${name} (${language}, ${page.viewportSize()!.width} px)`)));
        await expectFitsWindow(page, name);
      };
      await stakeThroughApi(holder, 'Starter', 150);
      // The passing line once the anchor it reads on chain has landed.
      await anchoredSnapshot((await takeReservesSnapshot()).id);

      await page.goto('/');
      await page.getByRole('button', { name: words.connect }).click();
      await expect(page.locator('[data-sonner-toast]').filter({ hasText: words.connected })).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('region', { name: words.active }).locator('tbody tr')).toHaveCount(1);
      const line = page.getByRole('region', { name: words.region });
      // On a phone the line is its short form; it opens onto the whole line, links and all.
      const short = line.locator('summary');
      await atBothWidths(page, async (width) => {
        await expect(line.getByRole('img', { name: words.verified }).first()).toBeAttached();
        await expect(line.getByRole('status')).toContainText('SDT');
        await check('reserves-dashboard');
        if (width > 600) await expect(short).toBeHidden();
        else {
          await short.click();
          await expect(line.getByRole('link', { name: words.download })).toBeVisible();
          await check('reserves-dashboard-open');
        }
      });

      await page.route('**/api/reserves/*/proof/*', async (route) => {
        const response = await route.fetch();
        // A salt cut short (reserves.spec.ts counts the root mismatches it causes; this one is told apart).
        const proof = (await response.json()) as { salt: string };
        await route.fulfill({ response, json: { ...proof, salt: proof.salt.slice(2) } });
      });
      await page.reload();
      // A failure is the banner at the top, whole at any width; the holder's stakes stay below it.
      const banner = page.getByRole('alert').filter({ hasText: words.banner });
      await atBothWidths(page, async () => {
        await expect(banner).toBeInViewport();
        await expect(banner.getByRole('link', { name: words.download })).toBeVisible();
        await expect(page.getByRole('region', { name: words.active }).locator('tbody tr')).toHaveCount(1);
        await check('reserves-dashboard-failed');
      });
      await page.unroute('**/api/reserves/*/proof/*');

      await page.goto('/reserves');
      await expect(page.getByRole('article').first()).toBeVisible();
      await atBothWidths(page, () => check('reserves-public'));
      await page.goto('/reserves/how-it-works');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await atBothWidths(page, () => check('reserves-how'));
      expect(found).toEqual([]);
    });
  });
}
