import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/axe.js';
import { fundedHolder } from '../support/chain.js';
import { ageStakesOf } from '../support/database.js';
import { requestWithdrawal, stakeThroughApi } from '../support/holder-api.js';
import { HolderPages } from '../support/holder-pages.js';
import { readState } from '../support/state.js';
import { expect, test } from '../support/test.js';

// /dashboard?wallet=<address>: any wallet's stakes, read-only (the link scan to stake gives a browser without a wallet).
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };
const shorten = (address: string) => `${address.slice(0, 4)}...${address.slice(-4)}`;

/** The page at phone and desktop width: nothing wider than the screen, and a full-page screenshot of each. */
async function shootBothWidths(page: Page, outputPath: (name: string) => string, name: string) {
  for (const [size, viewport] of [
    ['390', PHONE],
    ['1366', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: outputPath(`${name}-${size}.png`), fullPage: true });
  }
}

test("another wallet's stakes, withdrawals and totals, read-only, with no button to act on them while a wallet is connected", async ({
  page,
  holder,
}, testInfo) => {
  test.setTimeout(120_000);
  // The other wallet: one stake past its term (Completed), one running, one with an early withdrawal pending.
  const other = await fundedHolder();
  const wallet = other.publicKey.toBase58();
  await stakeThroughApi(other, 'Starter', 200);
  await ageStakesOf(readState().dataDir, wallet, 31);
  const running = await stakeThroughApi(other, 'Starter', 300);
  await requestWithdrawal(other, await stakeThroughApi(other, 'Starter', 1000));

  const holderPages = new HolderPages(page);
  await holderPages.connectFromLanding();
  await page.goto(`/dashboard?wallet=${wallet}`);

  const short = shorten(wallet);
  await expect(page.getByRole('heading', { level: 1, name: `Wallet ${short}` })).toBeVisible();
  await expect(page).toHaveTitle(`Wallet ${short} - Stakedesk Test Token Staking`);
  const notice = page.getByRole('region', { name: `Wallet ${short}` });
  await expect(notice).toContainText(
    `You are viewing the stakes of wallet ${short}. This view is read-only: connect that wallet to unstake, withdraw or restake.`,
  );
  await expect(notice).toContainText(`Full address: ${wallet}`);

  const main = page.getByRole('main');
  const card = (label: string) => main.locator('.summary-cards .card', { hasText: label }).locator('strong');
  // One running; the one waiting for its withdrawal is listed among the active but not counted as one (issue 38).
  await expect(card('Active Stakes')).toHaveText('1');
  await expect(card('Pending Withdrawals')).toHaveText('1');

  const active = holderPages.section('Active Stakes');
  await expect(active.getByRole('columnheader')).toHaveText(['Plan', 'Staked', 'Rewards', 'Progress', 'Status', 'Transaction']);
  await expect(active.getByRole('row', { name: /300 SDT/ })).toContainText(`${running.txId!.slice(0, 8)}...${running.txId!.slice(-8)}`);
  await expect(active.getByRole('row', { name: /1,000 SDT/ })).toContainText('Withdrawal Pending');
  const completed = holderPages.section('Completed Stakes');
  await expect(completed.getByRole('columnheader')).toHaveText([
    'Plan',
    'Staked Amount',
    'Total Return',
    'Duration',
    'Status',
    'Transaction',
  ]);
  await expect(completed.getByRole('row', { name: /200 SDT/ })).toContainText('Completed');
  await expect(holderPages.section('Withdrawal Requests').getByRole('row', { name: /900 SDT/ })).toContainText('Pending');

  // Nothing that needs that wallet's session: no New Stake grid, no Unstake, Restake or Withdraw.
  await expect(holderPages.section('New Stake')).toHaveCount(0);
  await expect(main.getByRole('button')).toHaveText(['Download statement (CSV)']);
  await expect(main.getByRole('link', { name: 'Start Staking' })).toHaveCount(0);

  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'main');
  await shootBothWidths(page, (name) => testInfo.outputPath(name), 'wallet-view');

  // The connected holder's way back to their own dashboard, with its actions.
  const mine = holder.publicKey.toBase58();
  await main.getByRole('link', { name: `Open your own dashboard (${shorten(mine)})` }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(holderPages.section('New Stake').getByRole('button', { name: 'Stake Now' }).first()).toBeVisible();
});

test('?wallet= naming the connected wallet is its own dashboard, actions and all', async ({ page, holder }) => {
  await stakeThroughApi(holder, 'Starter', 150);
  const holderPages = new HolderPages(page);
  await holderPages.connectFromLanding();
  await page.goto(`/dashboard?wallet=${holder.publicKey.toBase58()}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(holderPages.section('Active Stakes').getByRole('button', { name: 'Unstake' })).toBeVisible();
  await expect(holderPages.section('New Stake').getByRole('button', { name: 'Stake Now' }).first()).toBeVisible();
  await expect(page.getByText('This view is read-only')).toHaveCount(0);
});

test.describe('a link with a bad wallet address', () => {
  test.use({ walletInstalled: false });

  test('says it is not a wallet address, quoting it, and asks the server for nothing', async ({ page }, testInfo) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/(stakes|withdrawals)\//.test(request.url())) asked.push(request.url());
    });
    await page.goto('/dashboard?wallet=not-a-wallet');
    const card = page.getByRole('region', { name: 'Not a wallet address' });
    await expect(card).toContainText(
      'This link asks for the stakes of “not-a-wallet”, which is not a Solana wallet address. Check the link you followed.',
    );
    await expect(card.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    await expect(page).toHaveTitle('Not a wallet address - Stakedesk Test Token Staking');
    await expectAccessible(page, 'main');
    await shootBothWidths(page, (name) => testInfo.outputPath(name), 'wallet-view-invalid');

    // A mistyped address (its last character a zero, which base58 never uses: cutting a character
    // off may still leave a valid key); an empty parameter; a pasted page of text, quoted cut short.
    const mistyped = `${(await fundedHolder(1)).publicKey.toBase58().slice(0, -1)}0`;
    await page.goto(`/dashboard?wallet=${mistyped}`);
    await expect(card).toContainText(`“${mistyped}”, which is not a Solana wallet address.`);
    await page.goto('/dashboard?wallet=');
    await expect(card).toContainText('This link asks for the stakes of a wallet but names none. Check the link you followed.');
    await page.goto(`/dashboard?wallet=${'x'.repeat(500)}`);
    await expect(card).toContainText(`“${'x'.repeat(64)}…”`);
    await page.setViewportSize(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(asked).toEqual([]);
  });
});

test.describe('for a browser set to Portuguese', () => {
  test.use({ walletInstalled: false, locale: 'pt-BR' });

  test('the read-only view and the bad-address card are in Portuguese and pass axe', async ({ page }) => {
    const other = await fundedHolder();
    await stakeThroughApi(other, 'Starter', 150);
    const wallet = other.publicKey.toBase58();
    const short = shorten(wallet);
    await page.goto(`/dashboard?wallet=${wallet}`);
    await expect(page.getByRole('heading', { level: 1, name: `Carteira ${short}` })).toBeVisible();
    await expect(page.getByRole('region', { name: `Carteira ${short}` })).toContainText(
      `Você está vendo os stakes da carteira ${short}. Esta visão é somente leitura: conecte essa carteira para encerrar, sacar ou reaplicar.`,
    );
    await expect(page.getByRole('region', { name: 'Stakes ativos' }).getByRole('row', { name: /150 SDT/ })).toBeVisible();
    await expect(page.getByRole('main').getByRole('button')).toHaveText(['Baixar extrato (CSV)']);
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, 'main');

    await page.goto('/dashboard?wallet=nao-e-carteira');
    await expect(page.getByRole('region', { name: 'Não é um endereço de carteira' })).toContainText(
      'Este link pede os stakes de “nao-e-carteira”, que não é um endereço de carteira Solana.',
    );
    await expectAccessible(page, 'main');
  });
});
