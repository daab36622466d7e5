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
    const pending = await client.query<{ final_amount: string }>(`SELECT final_amount FROM withdrawals WHERE status = 'pending'`);
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
  await expect(card).toContainText(/Coverage\d[\d.]*%/);
  await expect(card.getByText(/covers only/)).toHaveCount(0);
});

const UNDER_COVERED: TreasuryCoverage = {
  balance: '7500',
  balanceUnavailable: null,
  balanceUnavailableReason: null,
  liabilities: { total: '10000', stakePrincipal: '8000', stakeRewards: '1000', pendingWithdrawals: '1000' },
  dueWithin7Days: '2500',
  dueWithin30Days: '6000',
  coveragePercent: '75',
  covered: false,
  liabilitiesElsewhere: [],
  underReview: '0',
  checkedAt: new Date().toISOString(),
};

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
    coveragePercent: null,
    covered: null,
  };
  await card.getByRole('button', { name: 'Refresh treasury coverage' }).click();
  await expect(card.getByText('Balance unknown: the chain could not be read')).toBeVisible();
  await expect(card).toContainText('The Solana network could not be asked (fetch failed)');
  await expect(card).toContainText('Staking Wallet BalanceUnknown');
  await expect(card.getByText(/covers only/)).toHaveCount(0);
});

test('treasury: what is owed from another staking wallet is listed apart, not counted as covered', async ({ page }) => {
  const elsewhere = {
    tokenContract: 'So11111111111111111111111111111111111111112',
    stakingWallet: 'Attacker1111111111111111111111111111111111',
    total: '250000',
  };
  await page.route('**/api/admin/treasury', (route) => route.fulfill({ json: { ...UNDER_COVERED, liabilitiesElsewhere: [elsewhere] } }));
  const panel = new AdminPanel(page);
  await panel.open();
  const card = panel.section('Treasury Coverage');
  await expect(card).toContainText('Also owed from another wallet or in another token');
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
