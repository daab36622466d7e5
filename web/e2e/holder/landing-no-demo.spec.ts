import { recordScripts, withDemoCode } from '../support/demo-code.js';
import { expect, test } from '../support/test.js';

// A first visit, as most visitors come: no wallet in the browser.
test.use({ walletInstalled: false });

test("the landing page's JavaScript carries none of the demo's code (it loads only on a demo server)", async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto('/');
  await expect(page.getByRole('article').first()).toBeVisible();
  // Whatever the page loads once its settings are read (a demo server's band and wallet would come then).
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(withDemoCode(scripts)).toEqual([]);
});
