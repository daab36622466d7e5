import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH, FAILURE_EVIDENCE } from '@stakedesk/test-support/browser/chromium';

/** The demo's own suite (playwright.demo.config.ts): it runs against `npm run demo`, not this suite's server. */
const DEMO = /[\\/]e2e[\\/]demo[\\/]/;

// baseURL is set per test by the fixtures in e2e/support/test.ts, from what the global setup started.
export default defineConfig({
  testDir: './e2e',
  outputDir: 'test-results',
  globalSetup: './e2e/support/global-setup.ts',
  globalTeardown: './e2e/support/global-teardown.ts',
  timeout: 60_000,
  // The server checks passwords with bcryptjs (cost 12) in its own event loop: while another test
  // signs in, a loaded 2-CPU CI machine answers everything else seconds late. 10 s, not 5, for a
  // screen to show what it will show.
  expect: { timeout: 10_000 },
  workers: 2,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  use: {
    browserName: 'chromium',
    // As a reader who asked for less motion: the pages then animate nothing, which took a third of
    // Chromium's CPU in the admin specs (antd's opening, closing and sliding, redrawn frame by frame).
    reducedMotion: 'reduce',
    launchOptions: CHROMIUM_LAUNCH,
    ...FAILURE_EVIDENCE,
  },
  projects: [
    // Each holder flow runs once, here: a spec looks at every screen it shows at 390 px too
    // (atBothWidths in e2e/support/widths.ts), and a test about a phone sets a phone's window itself.
    { name: 'desktop', use: { viewport: { width: 1366, height: 768 } }, testIgnore: [/site-settings\.spec/, /[\\/]admin[\\/]/, DEMO] },
    // The admin panel: its plans and settings would change what the holder tests see, so it runs after them.
    {
      name: 'admin',
      use: { viewport: { width: 1366, height: 768 } },
      testMatch: /[\\/]admin[\\/].*\.spec/,
      testIgnore: [/site-settings\.spec/, DEMO],
      dependencies: ['desktop'],
    },
    // Site-wide settings (maintenance mode, support contacts) change every page of their worker's
    // platform (e2e/support/state.ts), so they run last, after every other test of that worker.
    {
      name: 'site-settings',
      use: { viewport: { width: 1366, height: 768 } },
      testMatch: /site-settings\.spec/,
      testIgnore: DEMO,
      dependencies: ['admin'],
    },
  ],
});
