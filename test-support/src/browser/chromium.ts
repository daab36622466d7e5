/** Debian's chromium, for every browser suite and the bench: Playwright's own browser downloads are not available here. */
export const CHROMIUM_EXECUTABLE = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Playwright's `launchOptions` for that browser. */
export const CHROMIUM_LAUNCH = { executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS };

/**
 * What a failed test keeps: its trace of actions, requests and console, its last screenshot and the
 * page's accessibility tree (error-context.md). Filming every test's screen and DOM, to keep them for
 * the few that fail, took a fifth of the browser suites' CPU.
 */
export const FAILURE_EVIDENCE = {
  screenshot: 'only-on-failure',
  trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
} as const;
