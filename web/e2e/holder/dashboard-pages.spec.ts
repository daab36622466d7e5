import { DASHBOARD_PAGE_SIZE } from '@stakedesk/shared/constants';
import { requestWithdrawal, stakeThroughApi } from '../support/holder-api.js';
import { HolderPages } from '../support/holder-pages.js';
import { expect, test } from '../support/test.js';

test('a holder with more stakes than a page sees the first page, the right cards, and reaches the rest with Show more', async ({
  page,
  holder,
}) => {
  test.setTimeout(120_000);
  const count = DASHBOARD_PAGE_SIZE + 3;
  const stakes = [];
  for (let i = 0; i < count; i++) stakes.push(await stakeThroughApi(holder, 'Starter', 100 + i));
  await requestWithdrawal(holder, stakes[0]!);

  const holderPages = new HolderPages(page);
  await holderPages.connectFromLanding();

  // Starter pays 5%, rounded down per stake: 100..122 staked, 5 or 6 each; the first, unstaked early, forfeits its reward.
  const staked = stakes.reduce((sum, stake) => sum + Number(stake.amount), 0);
  const rewards = stakes.slice(1).reduce((sum, stake) => sum + Number(stake.rewardAmount), 0);
  const cards = page.locator('.summary-cards');
  await expect(cards.locator('.card', { hasText: 'Total Staked' })).toContainText(`${staked.toLocaleString('en-US')} SDT`);
  await expect(cards.locator('.card', { hasText: 'Total Rewards' })).toContainText(`${rewards} SDT`);
  // Every stake is listed in Active Stakes; the card counts the active ones, not the one waiting for its withdrawal (issue 38).
  await expect(cards.locator('.card', { hasText: 'Active Stakes' }).locator('strong')).toHaveText(String(count - 1));
  await expect(cards.locator('.card', { hasText: 'Pending Withdrawals' })).toContainText('1');

  const active = holderPages.section('Active Stakes');
  const rows = active.locator('tbody tr');
  await expect(rows).toHaveCount(DASHBOARD_PAGE_SIZE);
  // Newest first: the last stake made heads the table, the first (its withdrawal pending) is not on the first page.
  await expect(rows.first()).toContainText('122 SDT');
  await expect(active.getByText('Withdrawal pending')).toHaveCount(0);

  await active.getByRole('button', { name: 'Show more' }).click();
  await expect(rows).toHaveCount(count);
  await expect(rows.last()).toContainText('100 SDT');
  await expect(rows.last()).toContainText('Withdrawal pending');
  await expect(active.getByRole('button', { name: 'Show more' })).toHaveCount(0);
  const amounts = await rows.locator('td:nth-child(2)').allTextContents();
  expect(new Set(amounts).size).toBe(count);
});
