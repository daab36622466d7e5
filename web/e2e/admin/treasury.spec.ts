import type { TreasuryCoverage } from '@stakedesk/shared/api-types';
import { formatScaled } from '@stakedesk/shared/decimal';
import { formatExact } from '@stakedesk/shared/format';
import { AdminPanel } from '../support/admin-panel.js';
import { stakingWallet, tokenBalance } from '../support/chain.js';
import { withDatabase } from '../support/database.js';
import { stakeThroughApi } from '../support/holder-api.js';
import { readState } from '../support/state.js';
import { expect, test } from '../support/test.js';

/** What the platform owes, summed here row by row from the database (not by the server's query). */
async function owedFromDatabase(): Promise<bigint> {
  return withDatabase(readState().dataDir, async (client) => {
    const stakes = await client.query<{ amount: string; reward_amount: string }>(
      `SELECT amount, reward_amount FROM stakes WHERE status IN ('active', 'completed')`,
    );
    // A withdrawal whose payout landed short and waits for an owner's review is counted apart, not in the liabilities.
    const pending = await client.query<{ final_amount: string }>(
      `SELECT final_amount FROM withdrawals w WHERE status = 'pending'
         AND NOT EXISTS (SELECT 1 FROM payout_withdrawals pw WHERE pw.withdrawal_id = w.id AND pw.open AND pw.outcome = 'review')`,
    );
    return [...stakes.rows.flatMap((s) => [s.amount, s.reward_amount]), ...pending.rows.map((w) => w.final_amount)].reduce(
      (sum, value) => sum + BigInt(value),
      0n,
    );
  });
}

test('treasury: the card shows the staking wallet’s real balance against what is owed', async ({ page, holder }) => {
  // One more stake, so the liabilities include something this test made.
  await stakeThroughApi(holder, 'Growth', 1500);
  const panel = new AdminPanel(page);
  await panel.open();
  const card = panel.section('Treasury Coverage');
  await expect(card).toBeVisible();
  // Other admin tests change the books meanwhile: compare against a fresh reading until both agree.
  await expect(async () => {
    const owed = await owedFromDatabase();
    const balance = formatScaled({ units: await tokenBalance(stakingWallet().publicKey), scale: readState().decimals });
    await card.getByRole('button', { name: 'Refresh treasury coverage' }).click();
    await expect(card).toContainText(`Staking Wallet Balance${formatExact(balance)} SDT`, { timeout: 2_000 });
    await expect(card).toContainText(`Liabilities${formatExact(owed.toString())} SDT`, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(card).toContainText('Due Within 7 Days');
  await expect(card).toContainText('Due Within 30 Days');
  await expect(card).toContainText(/Coverage(>999|\d[\d.]*)%/);
  await expect(card.getByText(/covers only/)).toHaveCount(0);
});

const UNDER_COVERED: TreasuryCoverage = {
  balance: '7500',
  balanceUnavailable: null,
  balanceUnavailableReason: null,
  wallets: [{ stakingWallet: 'Stak1ngWa11et111111111111111111111111111111', current: true, balance: '7500', owed: '10000' }],
  heldBalance: '7500',
  liabilities: { total: '10000', stakePrincipal: '8000', stakeRewards: '1000', pendingWithdrawals: '1000' },
  dueWithin7Days: '2500',
  dueWithin30Days: '6000',
  coveragePercent: '75',
  covered: false,
  liabilitiesElsewhere: [],
  underReview: '0',
  hotWallet: null,
  checkedAt: new Date().toISOString(),
};

test('treasury: the hot wallet automatic payouts pay from has a line of its own, with how long it lasts', async ({ page }) => {
  const hot = 'HotWa11et1111111111111111111111111111111111';
  const coverage: TreasuryCoverage = {
    ...UNDER_COVERED,
    heldBalance: '8000',
    hotWallet: { address: hot, balance: '500', paidLast7Days: '1000', lastsDays: 3.5 },
  };
  await page.route('**/api/admin/treasury', (route) => route.fulfill({ json: coverage }));
  const panel = new AdminPanel(page);
  await panel.open();
  const card = panel.section('Treasury Coverage');
  await expect(card).toContainText("Hot wallet HotW...1111: holds 500 SDT, about 3.5 days at last week's rate");
});

test('treasury: below 100% the card warns; with the chain down it says the balance is unknown', async ({ page }) => {
  let answer = UNDER_COVERED;
  await page.route('**/api/admin/treasury', (route) => route.fulfill({ json: answer }));
  const panel = new AdminPanel(page);
  await panel.open();
  const card = panel.section('Treasury Coverage');
  await expect(card.getByText('The staking wallet covers only 75% of what is owed. Top it up before payouts fall due.')).toBeVisible();
  await expect(card).toContainText('Staking Wallet Balance7,500 SDT');
  await expect(card).toContainText('Due Within 7 Days2,500 SDT');
  await expect(card).toContainText('Due Within 30 Days6,000 SDT');
  await expect(card).toContainText('Coverage75%');
  await expect(card).toContainText(
    'Owed: 8,000 SDT principal + 1,000 SDT rewards of active and completed stakes, and 1,000 SDT in pending withdrawals.',
  );
  await expect(card.getByText(/review/)).toHaveCount(0);

  answer = {
    ...UNDER_COVERED,
    balance: null,
    balanceUnavailable: 'The Solana network could not be asked (fetch failed)',
    balanceUnavailableReason: { code: 'chainNotAsked', params: { cause: 'fetch failed' } },
    wallets: [{ ...UNDER_COVERED.wallets[0]!, balance: null }],
    heldBalance: null,
    coveragePercent: null,
    covered: null,
  };
  await card.getByRole('button', { name: 'Refresh treasury coverage' }).click();
  await expect(card.getByText('Balance unknown: the chain could not be read')).toBeVisible();
  await expect(card).toContainText('The Solana network could not be asked (fetch failed)');
  await expect(card).toContainText('Staking Wallet BalanceUnknown');
  await expect(card.getByText(/covers only/)).toHaveCount(0);
});

test('treasury: what is owed in another token is listed apart, not counted', async ({ page }) => {
  const elsewhere = {
    tokenContract: 'So11111111111111111111111111111111111111112',
    stakingWallet: 'Attacker1111111111111111111111111111111111',
    total: '250000',
  };
  await page.route('**/api/admin/treasury', (route) => route.fulfill({ json: { ...UNDER_COVERED, liabilitiesElsewhere: [elsewhere] } }));
  const panel = new AdminPanel(page);
  await panel.open();
  const card = panel.section('Treasury Coverage');
  await expect(card).toContainText('Also owed in another token');
  await expect(card).toContainText(`250,000 from ${elsewhere.stakingWallet} (token ${elsewhere.tokenContract})`);
});

test('treasury: tokens that left in payouts waiting for review are shown apart from what is owed', async ({ page }) => {
  await page.route('**/api/admin/treasury', (route) => route.fulfill({ json: { ...UNDER_COVERED, underReview: '1250.5' } }));
  const panel = new AdminPanel(page);
  await panel.open();
  await expect(panel.section('Treasury Coverage')).toContainText(
    "1,250.5 SDT left the staking wallet in payouts waiting for an owner's review. Their withdrawals are not counted in the liabilities until an owner resolves them.",
  );
});

test('treasury: after a staking-wallet change the headline counts the earlier wallet, what it owes and holds', async ({
  page,
}, testInfo) => {
  const earlier = readState().stakingWallet;
  const current = 'NewWa11et1111111111111111111111111111111111';
  const switched: TreasuryCoverage = {
    ...UNDER_COVERED,
    balance: '600',
    heldBalance: '600600',
    wallets: [
      { stakingWallet: current, current: true, balance: '600', owed: '0' },
      { stakingWallet: earlier, current: false, balance: '600000', owed: '7007' },
    ],
    liabilities: { total: '7007', stakePrincipal: '6000', stakeRewards: '700', pendingWithdrawals: '307' },
    coveragePercent: '8571.9',
    covered: true,
    liabilitiesElsewhere: [{ tokenContract: readState().mint, stakingWallet: earlier, total: '7007' }],
  };
  await page.route('**/api/admin/treasury', (route) => route.fulfill({ json: switched }));
  const panel = new AdminPanel(page);
  await panel.open();
  const card = panel.section('Treasury Coverage');
  await expect(card).toContainText('Held in Staking Wallets600,600 SDT');
  await expect(card).toContainText('Liabilities7,007 SDT');
  await expect(card).not.toContainText('Nothing owed');
  // A percentage past 999 says nothing more: it is shown as such.
  await expect(card).toContainText('Coverage>999%');
  await expect(card).not.toContainText('8571.9');
  await expect(card).toContainText('Counted across 2 staking wallets');
  await expect(card).toContainText(`${current} (current): holds 600 SDT, owes 0 SDT`);
  await expect(card).toContainText(`${earlier} (earlier): holds 600,000 SDT, owes 7,007 SDT`);
  // The earlier wallet is in the headline, so it is not listed again as owed elsewhere.
  await expect(card.getByText('Also owed in another token')).toHaveCount(0);
  await card.screenshot({ path: testInfo.outputPath('treasury-two-wallets-1366.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: /Treasury Coverage/ }).click();
  await expect(card).toContainText(`${earlier} (earlier)`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('treasury-two-wallets-390.png'), fullPage: true });
});
