import type { Page } from '@playwright/test';
import { AdminPanel } from '../support/admin-panel.js';
import { expect, test } from '../support/test.js';

// A reader who asked their system for less motion (WCAG 2.3.3) sees the panel's dialogs open without
// animating; anyone else sees them zoom in. Counted in every frame of the second after the click, in the page itself.
async function animationsAsThePlanDialogOpens(page: Page): Promise<number> {
  const panel = new AdminPanel(page);
  await panel.open('Staking Plans');
  const running = await page.getByRole('button', { name: 'Create Plan' }).evaluate(async (button: HTMLElement) => {
    button.click();
    // The most animations running in any frame of the next second.
    let most = 0;
    const ends = performance.now() + 1000;
    while (performance.now() < ends) {
      await new Promise((frame) => requestAnimationFrame(frame));
      most = Math.max(most, document.getAnimations().filter((animation) => animation.playState === 'running').length);
    }
    return most;
  });
  await expect(panel.dialog()).toBeVisible();
  return running;
}

test.describe('less motion asked for', () => {
  test.use({ reducedMotion: 'reduce' });
  test('the plan dialog opens without an animation', async ({ page }) => {
    expect(await animationsAsThePlanDialogOpens(page)).toBe(0);
  });
});

test.describe('no preference', () => {
  test.use({ reducedMotion: 'no-preference' });
  test('the plan dialog zooms in', async ({ page }) => {
    expect(await animationsAsThePlanDialogOpens(page)).toBeGreaterThan(0);
  });
});
