import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH, FAILURE_EVIDENCE } from '@stakedesk/test-support/browser/chromium';

// The built renderer (out/renderer, from `npm run build:desktop`) in Chromium, with the preload
// bridge stubbed in the page, against the real server that e2e/support/global-setup.ts starts.
export default defineConfig({
  testDir: './e2e',
  outputDir: 'test-results',
  globalSetup: './e2e/support/global-setup.ts',
  globalTeardown: './e2e/support/global-teardown.ts',
  timeout: 90_000,
  workers: 1,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 820 },
    // As a reader who asked for less motion: the panel animates nothing (see web/playwright.config.ts).
    reducedMotion: 'reduce',
    launchOptions: CHROMIUM_LAUNCH,
    ...FAILURE_EVIDENCE,
  },
  projects: [
    // The first run sees the server as a fresh install has it (no withdrawals, an empty treasury).
    { name: 'first-run', testMatch: /admin-panel\.spec/ },
    // Then the tests that put data on the server and the chain.
    { name: 'panel', testIgnore: /admin-panel\.spec/, dependencies: ['first-run'] },
  ],
});
