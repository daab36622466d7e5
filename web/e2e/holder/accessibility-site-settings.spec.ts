import { setMaintenance } from '../support/admin-api.js';
import { seriousViolations } from '../support/axe.js';
import { expect, test } from '../support/test.js';

// The maintenance page, in both languages at 1366 and 390 px: no critical or serious axe-core
// violation. Maintenance changes every page, so this runs in the site-settings project, alone.
test.describe.configure({ mode: 'serial' });
test.afterAll(() => setMaintenance({ on: false }));

for (const locale of ['en', 'pt-BR']) {
  test.describe(locale, () => {
    test.use({ locale });
    test('maintenance page', async ({ page }) => {
      await setMaintenance({ on: true, type: 'maintenance', message: 'Moving to faster servers.', time: 'about an hour' });
      const found: string[] = [];
      for (const size of [
        { width: 1366, height: 800 },
        { width: 390, height: 844 },
      ]) {
        await page.setViewportSize(size);
        await page.goto('/');
        await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
        found.push(...(await seriousViolations(page, `maintenance at ${size.width} px`)));
      }
      expect(found).toEqual([]);
    });
  });
}
