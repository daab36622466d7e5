import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

/** The two widths every screen is checked at: the desktop projects' window, and a phone's. */
export const DESKTOP = { width: 1366, height: 768 };
export const PHONE = { width: 390, height: 844 };

/**
 * Runs `check` on the screen at desktop width, then at phone width, and puts the window back as it
 * was: a screen loaded once is looked at in both widths, instead of its whole flow run again on a phone.
 */
export async function atBothWidths(page: Page, check: (width: number) => Promise<void>): Promise<void> {
  const before = page.viewportSize() ?? DESKTOP;
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await check(size.width);
  }
  await page.setViewportSize(before);
}

/**
 * The whole page at its present width, kept as web/test-results/<test>/<name>-<width>.png, and with
 * `part` that part close up as <name>-<width>-close.png.
 */
export async function shoot(page: Page, testInfo: TestInfo, name: string, part?: Locator): Promise<void> {
  const width = page.viewportSize()!.width;
  await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  if (part) await part.screenshot({ path: testInfo.outputPath(`${name}-${width}-close.png`) });
}

/** `shoot` at both widths, the pointer moved out of the way first (over a column header it shows a tooltip). */
export async function shootBoth(page: Page, testInfo: TestInfo, name: string, part?: Locator): Promise<void> {
  await page.mouse.move(0, 0);
  await atBothWidths(page, () => shoot(page, testInfo, name, part));
}

/** Nothing on the page is wider than the window (no sideways scrolling, at 390 px too). */
export async function expectFitsWindow(page: Page, screen?: string): Promise<void> {
  const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(fits, `${screen ?? 'the page'} fits ${page.viewportSize()!.width} px`).toBe(true);
}
