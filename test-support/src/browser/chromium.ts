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
