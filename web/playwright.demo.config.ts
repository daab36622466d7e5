import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '@stakedesk/test-support/browser/chromium';

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

/**
 * The demo (DESIGN 16) as a newcomer meets it: the global set-up runs `npm run demo` and reads what
 * it prints. The whole cycle runs at 1366 in English and at 390 in Portuguese; the demo's screens
 * (band, demo wallet, demo tokens) at the other two; the admin's side once. The four share one demo.
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
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'desktop-en', use: { viewport: DESKTOP, locale: 'en' }, testMatch: /(whole-cycle|admin)\.spec/ },
    { name: 'phone-pt-BR', use: { viewport: PHONE, hasTouch: true, locale: 'pt-BR' }, testMatch: /whole-cycle\.spec/ },
    { name: 'desktop-pt-BR', use: { viewport: DESKTOP, locale: 'pt-BR' }, testMatch: /screens\.spec/ },
    { name: 'phone-en', use: { viewport: PHONE, hasTouch: true, locale: 'en' }, testMatch: /screens\.spec/ },
  ],
});
