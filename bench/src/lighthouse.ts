/**
 * Lighthouse 12.2.3 (the last release that runs on Node 20) on the built web app served by the
 * real server: its default mobile preset (a Moto G Power on slow 4G, CPU 4x slower), Debian's
 * Chromium headless, one fresh run per page. The four category scores and the cumulative layout
 * shift per page, and the audits that cost accessibility, best practices or SEO points.
 *
 * Runs inside `npm run bench`, or alone (`npm run lighthouse`, see lighthouse-run.ts).
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_EXECUTABLE } from '@stakedesk/test-support/browser/chromium';

export const LIGHTHOUSE_PAGES = ['/', '/documentation', '/dashboard'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export type LighthousePage = {
  path: string;
  /** 0 to 100 per category. */
  scores: Record<(typeof CATEGORIES)[number], number>;
  cls: number;
  /** Audits below full marks in accessibility, best practices or SEO: `category: audit id (title)`. */
  failing: string[];
};

export async function measureLighthouse(baseUrl: string): Promise<LighthousePage[]> {
  const pages: LighthousePage[] = [];
  for (const path of LIGHTHOUSE_PAGES) {
    // A fresh browser per page: nothing cached, no state from the page before.
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_EXECUTABLE,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    });
    try {
      const result = await lighthouse(`${baseUrl}${path}`, { port: chrome.port, logLevel: 'error', onlyCategories: [...CATEGORIES] });
      if (!result) throw new Error(`lighthouse gave no result for ${path}`);
      const { lhr } = result;
      const failing: string[] = [];
      // A category Lighthouse could not score (null) is not a 0: say why.
      if (lhr.runtimeError) failing.push(`no score: ${lhr.runtimeError.code} (${lhr.runtimeError.message})`);
      for (const category of CATEGORIES) {
        if (lhr.categories[category]!.score !== null) continue;
        for (const ref of lhr.categories[category]!.auditRefs) {
          const audit = lhr.audits[ref.id]!;
          if (audit.scoreDisplayMode === 'error')
            failing.push(`${category}: no score, ${ref.id} failed (${audit.errorMessage ?? 'no message'})`);
        }
      }
      for (const category of CATEGORIES.slice(1)) {
        for (const ref of lhr.categories[category]!.auditRefs) {
          const audit = lhr.audits[ref.id]!;
          if (ref.weight > 0 && audit.score !== null && audit.score < 1) failing.push(`${category}: ${ref.id} (${audit.title})`);
        }
      }
      pages.push({
        path,
        scores: Object.fromEntries(
          CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]!.score ?? 0) * 100)]),
        ) as LighthousePage['scores'],
        cls: lhr.audits['cumulative-layout-shift']!.numericValue ?? 0,
        failing,
      });
    } finally {
      await chrome.kill();
    }
  }
  return pages;
}

/** One line per page: the four scores and CLS, then what lost points. */
export function formatLighthouse(pages: LighthousePage[]): string[] {
  return pages.flatMap((p) => [
    `${p.path.padEnd(15)} performance ${p.scores.performance}, accessibility ${p.scores.accessibility}, ` +
      `best practices ${p.scores['best-practices']}, SEO ${p.scores.seo}, CLS ${p.cls.toFixed(3)}`,
    ...p.failing.map((f) => `  ${f}`),
  ]);
}
