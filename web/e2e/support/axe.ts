import { expect, type Page } from '@playwright/test';
import axe from 'axe-core';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe-core's run on the page, put into the document once (and again after a navigation).
 * `@axe-core/playwright`'s AxeBuilder evaluated axe's 550 KB in the page and in a new blank page for
 * every scan: a quarter of each scan's time, over hundreds of scans. Our pages have no frames.
 */
async function runAxe(page: Page, options: axe.RunOptions, selector?: string): Promise<axe.AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  // Every rule still runs on every element; only the violations are written out node by node (a
  // unique selector for each of the thousands of elements that pass cost more than the checks).
  const runOptions: axe.RunOptions = { ...options, resultTypes: ['violations'] };
  return page.evaluate(([context, opts]) => (window as unknown as { axe: typeof axe }).axe.run(context ?? document, opts), [
    selector,
    runOptions,
  ] as const);
}

/**
 * Waits (up to 5 s) for every finite animation and transition on the page to end: axe reads colours as
 * they are painted, and a toast fading in is half its colour (muted text read at 3.76:1 mid-fade).
 * Endless animations (spinners) are not waited for. antd's own motions count too: with motion off
 * (the reader asked for less) a leaving form error keeps its `-leave-active` class, at opacity 0,
 * for up to half a second with no animation running, and axe read it as faint text.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity) &&
        !document.querySelector('[class*="-leave-active"], [class*="-enter-active"], [class*="-appear-active"]'),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}

/**
 * axe-core's WCAG 2.0, 2.1 and 2.2 A and AA rules on one part of the page (a dialog, a drawer, the login card):
 * the screens a test opens, not the whole panel around them.
 */
export async function expectAccessible(page: Page, selector: string): Promise<void> {
  await settleAnimations(page);
  const { violations } = await runAxe(page, { runOnly: { type: 'tag', values: WCAG_TAGS } }, selector);
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * The whole page's critical and serious axe-core violations (WCAG 2.0 to 2.2, A and AA), one line each with
 * the screen's name, so that a test can walk many screens and report every one at the end. Colour
 * contrast is kept in: a palette failure shows here as any other, as the colour pairs it found
 * (with how many elements and one of them).
 */
export async function seriousViolations(page: Page, screen: string): Promise<string[]> {
  await settleAnimations(page);
  const { violations } = await runAxe(page, { runOnly: { type: 'tag', values: WCAG_TAGS } });
  return describeSerious(violations, screen);
}

type Violation = axe.Result;

function describeSerious(violations: Violation[], screen: string): string[] {
  return violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map(
      (v) =>
        `${screen}: ${v.id} (${v.impact}): ${v.id === 'color-contrast' ? colourPairs(v.nodes) : v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
}

type Node = { target: unknown[]; any: { id: string; data?: unknown }[] };

function colourPairs(nodes: Node[]): string {
  const pairs = new Map<string, { count: number; example: string }>();
  for (const node of nodes) {
    const data = node.any.find((c) => c.id === 'color-contrast')?.data as
      { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
    const pair = `${data?.fgColor} on ${data?.bgColor} (${data?.contrastRatio}:1)`;
    const seen = pairs.get(pair) ?? { count: 0, example: node.target.join(' ') };
    pairs.set(pair, { ...seen, count: seen.count + 1 });
  }
  return [...pairs].map(([pair, { count, example }]) => `${pair} on ${count} element(s), e.g. ${example}`).join('; ');
}

/** The page's outline rules, which axe files as best practice rather than WCAG. */
const OUTLINE_RULES = ['landmark-one-main', 'page-has-heading-one', 'heading-order'];

/**
 * seriousViolations and the page's outline in one axe run (each run walks the whole page, seconds on
 * a loaded CI machine): one main landmark, an h1, and heading levels that never skip (h1 then h4
 * reads to a screen reader as missing sections).
 */
export async function screenViolations(page: Page, screen: string): Promise<string[]> {
  await settleAnimations(page);
  const { violations } = await runAxe(page, {
    runOnly: { type: 'tag', values: WCAG_TAGS },
    rules: Object.fromEntries(OUTLINE_RULES.map((id) => [id, { enabled: true }])),
  });
  const outline = violations.filter((v) => OUTLINE_RULES.includes(v.id));
  return [
    ...describeSerious(
      violations.filter((v) => !OUTLINE_RULES.includes(v.id)),
      screen,
    ),
    ...outline.map((v) => `${screen}: ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ];
}
