import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH, FAILURE_EVIDENCE } from '@stakedesk/test-support/browser/chromium';

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

/**
 * The demo (DESIGN 16) as a newcomer meets it: the global set-up runs `npm run demo` and reads what
 * it prints. One whole cycle (demo wallet, demo tokens, a two-minute stake, the proof of reserves
 * verified, an early unstake paid by itself) on a phone in Portuguese; the admin's side on a desktop
 * in English, whose holder connects the demo wallet, gets demo tokens and stakes at 1366 in English.
 * Both share one demo, each in its own worker: the cycle's waits (the demo's snapshot and payout
 * schedules) overlap with the admin's, and the other two pairs would repeat the same screens.
 */
export default defineConfig({
  testDir: './e2e/demo',
  outputDir: 'test-results/demo',
  globalSetup: './e2e/demo/support/global-setup.ts',
  globalTeardown: './e2e/demo/support/global-teardown.ts',
  timeout: 120_000,
  expect: { timeout: 10_000 },
  workers: 2,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  use: {
    browserName: 'chromium',
    launchOptions: CHROMIUM_LAUNCH,
    ...FAILURE_EVIDENCE,
  },
  projects: [
    { name: 'phone-pt-BR', use: { viewport: PHONE, hasTouch: true, locale: 'pt-BR' }, testMatch: /whole-cycle\.spec/ },
    { name: 'desktop-en', use: { viewport: DESKTOP, locale: 'en' }, testMatch: /admin\.spec/ },
  ],
});
