/** Debian's chromium, for every browser suite and the bench: Playwright's own browser downloads are not available here. */
export const CHROMIUM_EXECUTABLE = '/usr/bin/chromium';

/**
 * The features Playwright's own `--disable-features` turns off (playwright-core 1.65). A second
 * `--disable-features` replaces the first rather than adding to it, so ours repeats these and
 * Playwright's is left out (`ignoreDefaultArgs`); chromium.test.ts holds this list to Playwright's.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Headless Chromium loads the address bar's pop-up, a WebUI page in a renderer of its own, for every
 * window, that is for every test: a quarter of the renderers' CPU in the admin specs. No test types
 * into the address bar.
 */
const OMNIBOX_POPUP = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUP].join(',')}`,
];

/** Playwright's `launchOptions` for that browser. */
export const CHROMIUM_LAUNCH = {
  executablePath: CHROMIUM_EXECUTABLE,
  args: CHROMIUM_ARGS,
  ignoreDefaultArgs: [`--disable-features=${PLAYWRIGHT_DISABLED_FEATURES.join(',')}`],
};

/**
 * What a failed test keeps: its trace of actions, requests and console, its last screenshot and the
 * page's accessibility tree (error-context.md). Filming every test's screen and DOM, to keep them for
 * the few that fail, took a fifth of the browser suites' CPU.
 */
export const FAILURE_EVIDENCE = {
  screenshot: 'only-on-failure',
  trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
} as const;
