/**
 * The built web app in Debian's Chromium (Playwright, never a downloaded browser), served by the
 * real server:
 * - the JavaScript each route really loads: every script response, gzipped (level 9) and summed;
 * - the landing page's Largest Contentful Paint, and the dashboard's time to show a holder's
 *   stakes (for a holder with one stake and for the largest holder), with the CPU slowed 4x (CDP
 *   Emulation.setCPUThrottlingRate), each in a fresh browser context (nothing cached), five times.
 *
 * Runs inside `npm run bench`, or alone against a running server:
 *   node bench/dist/bench/src/web.js http://127.0.0.1:3000 <wallet with a few stakes> <wallet with one> <largest holder>
 */
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '@stakedesk/test-support/browser/chromium';

export type RouteJs = { route: string; files: number; gzipKb: number; scripts: { name: string; gzipKb: number }[] };
/**
 * `dashboardMs`: runs before the dashboard paged (one holder with a handful of stakes).
 * `dashboardOneMs` and `dashboardWhaleMs`: the holder with one stake and the largest holder.
 */
export type WebResults = {
  routes: RouteJs[];
  lcpMs: number[];
  dashboardMs?: number[];
  dashboardOneMs?: number[];
  dashboardWhaleMs?: number[];
};
/** The wallets the dashboard is measured for: one with a handful of stakes (for its JavaScript), one with one, the largest. */
export type DashboardWallets = { few: string; one: string; whale: string };

/** A row of one of the holder's stake tables (Active, Completed or Historical): the stakes are on screen. */
const STAKE_ROW = ['active-title', 'completed-title', 'history-title'].map((id) => `section[aria-labelledby="${id}"] tbody tr`).join(', ');

const ROUNDS = 5;
const CPU_SLOWDOWN = 4;

/** A returning holder: Phantom installed and already connected to this wallet. */
function connectedPhantom(wallet: string): string {
  return `(() => {
    const publicKey = { toString: () => ${JSON.stringify(wallet)}, toBase58: () => ${JSON.stringify(wallet)} };
    window.phantom = { solana: {
      isPhantom: true, isConnected: true, publicKey,
      connect: async () => ({ publicKey }), disconnect: async () => {},
      signMessage: async () => { throw new Error('not in the bench'); },
      signAndSendTransaction: async () => { throw new Error('not in the bench'); },
      on() {}, off() {},
    } };
  })();`;
}

async function scriptsOf(
  context: BrowserContext,
  url: string,
  ready: (page: import('@playwright/test').Page) => Promise<unknown>,
): Promise<RouteJs['scripts']> {
  const page = await context.newPage();
  const responses: Promise<{ name: string; gzipKb: number } | undefined>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    responses.push(
      response.body().then(
        (body) => ({ name: new URL(response.url()).pathname, gzipKb: gzipSync(body, { level: 9 }).length / 1024 }),
        () => undefined,
      ),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await ready(page);
  await page.waitForLoadState('networkidle');
  await page.close();
  return (await Promise.all(responses)).filter((script): script is { name: string; gzipKb: number } => script !== undefined);
}

async function routeJs(browser: Browser, baseUrl: string, wallet: string): Promise<RouteJs[]> {
  const routes: { route: string; path: string; holder?: boolean; ready: (page: import('@playwright/test').Page) => Promise<unknown> }[] = [
    { route: '/', path: '/', ready: (page) => page.getByText('MOST POPULAR').waitFor() },
    {
      route: '/dashboard (holder connected)',
      path: '/dashboard',
      holder: true,
      ready: (page) => page.locator(STAKE_ROW).first().waitFor(),
    },
    { route: '/documentation', path: '/documentation', ready: (page) => page.locator('main h1').waitFor() },
    { route: '404 (/no-such-page)', path: '/no-such-page', ready: (page) => page.getByText('Back to Home').first().waitFor() },
    { route: '/admin (login form)', path: '/admin', ready: (page) => page.locator('input[type="password"]').waitFor() },
  ];
  const measured: RouteJs[] = [];
  for (const route of routes) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    if (route.holder) await context.addInitScript(connectedPhantom(wallet));
    const scripts = await scriptsOf(context, baseUrl + route.path, route.ready);
    await context.close();
    const gzipKb = scripts.reduce((sum, script) => sum + script.gzipKb, 0);
    measured.push({ route: route.route, files: scripts.length, gzipKb, scripts });
  }
  return measured;
}

async function throttledContext(browser: Browser): Promise<{ context: BrowserContext; page: import('@playwright/test').Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { context, page };
}

/** LCP of a cold load of the landing page: the last candidate once the page has settled. */
async function landingLcp(browser: Browser, baseUrl: string): Promise<number> {
  const { context, page } = await throttledContext(browser);
  await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
  await page.getByText('MOST POPULAR').waitFor();
  await page.waitForTimeout(1000);
  const lcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]!.startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  await context.close();
  return lcp;
}

/** From navigation start to the first row of the holder's stakes in the dashboard's tables. */
async function dashboardStakes(browser: Browser, baseUrl: string, wallet: string): Promise<number> {
  const { context, page } = await throttledContext(browser);
  await context.addInitScript(connectedPhantom(wallet));
  await context.addInitScript((selector) => {
    const seen = () => {
      if (document.querySelector(selector)) {
        (window as unknown as { __stakesShownAt: number }).__stakesShownAt = performance.now();
        return true;
      }
      return false;
    };
    const observer = new MutationObserver(() => seen() && observer.disconnect());
    observer.observe(document, { childList: true, subtree: true });
  }, STAKE_ROW);
  await page.goto(`${baseUrl}/dashboard`);
  await page.locator(STAKE_ROW).first().waitFor();
  const shownAt = await page.evaluate(() => (window as unknown as { __stakesShownAt: number }).__stakesShownAt);
  await context.close();
  return shownAt;
}

export async function measureWeb(baseUrl: string, wallets: DashboardWallets): Promise<WebResults> {
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    const routes = await routeJs(browser, baseUrl, wallets.few);
    const lcpMs: number[] = [];
    const dashboardOneMs: number[] = [];
    const dashboardWhaleMs: number[] = [];
    // Interleaved, so a busy moment of the machine weighs on both holders alike.
    for (let round = 0; round < ROUNDS; round++) {
      lcpMs.push(await landingLcp(browser, baseUrl));
      dashboardOneMs.push(await dashboardStakes(browser, baseUrl, wallets.one));
      dashboardWhaleMs.push(await dashboardStakes(browser, baseUrl, wallets.whale));
    }
    return { routes, lcpMs, dashboardOneMs, dashboardWhaleMs };
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!) && process.argv[2]) {
  const [few = '', one = few, whale = few] = process.argv.slice(3);
  const results = await measureWeb(process.argv[2], { few, one, whale });
  for (const route of results.routes) console.log(`${route.route.padEnd(32)} ${route.files} scripts ${route.gzipKb.toFixed(1)} KB gzipped`);
  console.log(`LCP (CPU ${CPU_SLOWDOWN}x): ${results.lcpMs.map((ms) => ms.toFixed(0)).join(', ')} ms`);
  const shown = (runs: number[] = []) => runs.map((ms) => ms.toFixed(0)).join(', ');
  console.log(`dashboard stakes shown (CPU ${CPU_SLOWDOWN}x), one stake: ${shown(results.dashboardOneMs)} ms`);
  console.log(`dashboard stakes shown (CPU ${CPU_SLOWDOWN}x), largest holder: ${shown(results.dashboardWhaleMs)} ms`);
}
