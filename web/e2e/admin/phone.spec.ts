import { ADMIN_TABS, AdminPanel } from '../support/admin-panel.js';
import { requestWithdrawal, stakeThroughApi } from '../support/holder-api.js';
import { readState } from '../support/state.js';
import { expect, test } from '../support/test.js';

const PHONE = { width: 390, height: 844 };
const short = (text: string) => `${text.slice(0, 4)}...${text.slice(-4)}`;

test.use({ viewport: PHONE });

test('on a phone the tabs are on the first screen, above the folded treasury figures', async ({ page }, testInfo) => {
  const panel = new AdminPanel(page);
  await panel.open();
  const tabs = page.getByRole('tablist');
  await expect(tabs).toBeInViewport();
  const box = (await tabs.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
  // The treasury is one tap away.
  await page.getByRole('button', { name: /Treasury Coverage/ }).click();
  await expect(panel.section('Treasury Coverage')).toContainText('Staking Wallet Balance');
  await page.screenshot({ path: testInfo.outputPath('admin-treasury-unfolded-390.png'), fullPage: true });
});

test('on a phone each table keeps its Actions column reachable, without widening the page', async ({ page, holder }, testInfo) => {
  const stake = await stakeThroughApi(holder, 'Starter', 200);
  await requestWithdrawal(holder, stake);
  const panel = new AdminPanel(page);
  const fitsWidth = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  /** Scrolls the page down to the row only: a column that is reachable must not need the table scrolled sideways. */
  const scrollDownTo = async (row: ReturnType<typeof panel.row>) => {
    const box = (await row.boundingBox())!;
    await page.evaluate((y) => window.scrollBy(0, y - 200), box.y);
  };

  await panel.open('Withdrawals');
  const pending = panel
    .section('Pending Withdrawals')
    .getByRole('row')
    .filter({ hasText: short(holder.publicKey.toBase58()) });
  await scrollDownTo(pending);
  await expect(pending.getByRole('button', { name: 'Process' })).toBeInViewport({ ratio: 1 });
  // The amount to pay is in sight beside its buttons, not in a column scrolled away under them.
  const actions = pending.getByRole('cell').last();
  await expect(actions.getByText(/^[\d,.]+ SDT$/)).toBeInViewport({ ratio: 1 });
  // Export CSV is not cut at the screen's edge (how far up it sits depends on the rows above this one).
  const exportCsv = (await page.getByRole('button', { name: 'Export CSV' }).boundingBox())!;
  expect(exportCsv.x).toBeGreaterThanOrEqual(0);
  expect(exportCsv.x + exportCsv.width).toBeLessThanOrEqual(PHONE.width);
  expect(await fitsWidth()).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('admin-withdrawals-pay-390.png') });

  await page.evaluate(() => window.scrollTo(0, 0));
  await panel.openTab('Active Stakes');
  const ends = panel.panel().getByRole('columnheader', { name: 'Ends' });
  await ends.scrollIntoViewIfNeeded();
  await expect(ends).toBeInViewport();
  expect(await fitsWidth()).toBe(true);

  await page.evaluate(() => window.scrollTo(0, 0));
  await panel.openTab('Admins');
  const own = panel.row(readState().admin.username);
  await scrollDownTo(own);
  await expect(own.getByRole('button', { name: 'Edit' })).toBeInViewport({ ratio: 1 });
  expect(await fitsWidth()).toBe(true);
});

test('on a phone a plan card keeps each figure on one line, and every tab can be reached', async ({ page }, testInfo) => {
  const panel = new AdminPanel(page);
  await panel.open('Staking Plans');
  const card = panel.panel().getByRole('article').first();
  await expect(card).toBeVisible();
  // "100 SDT" broke one letter a line in a squeezed second column.
  for (const figure of await card.locator('.ant-descriptions-item-content').all()) {
    const box = (await figure.boundingBox())!;
    expect(box.height).toBeLessThan(48);
  }
  await page.screenshot({ path: testInfo.outputPath('admin-plans-390.png'), fullPage: true });
  // Every tab is on the screen at once, whole and big enough for a thumb (none scrolled away or in a "more" menu).
  await page.evaluate(() => window.scrollTo(0, 0));
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveCount(ADMIN_TABS.length);
  for (const tab of await tabs.all()) {
    await expect(tab).toBeInViewport({ ratio: 1 });
    expect((await tab.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
  await page.screenshot({ path: testInfo.outputPath('admin-tabs-390.png') });
  // Each is one tap away.
  for (const name of ['Reconciliation', 'Audit Log', 'Completed Stakes', 'Token Config']) {
    await panel.openTab(name);
    await page.evaluate(() => window.scrollTo(0, 0));
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
