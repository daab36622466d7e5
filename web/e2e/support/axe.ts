import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe-core's WCAG 2 A and AA rules on one part of the page (a dialog, a drawer, the login card):
 * the screens a test opens, not the whole panel around them.
 */
export async function expectAccessible(page: Page, selector: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * The whole page's critical and serious axe-core violations (WCAG 2 A and AA), one line each with
 * the screen's name, so that a test can walk many screens and report every one at the end. Colour
 * contrast is kept in: a palette failure shows here as any other.
 */
export async function seriousViolations(page: Page, screen: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${screen}: ${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')}${contrastOf(n.any)}`).join(', ')}`);
}

/** For colour-contrast, the colour pair axe measured, so that a report names it. */
function contrastOf(checks: { id: string; data?: unknown }[]): string {
  const data = checks.find((c) => c.id === 'color-contrast')?.data as
    { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
  return data?.fgColor ? ` [${data.fgColor} on ${data.bgColor}, ${data.contrastRatio}:1]` : '';
}
