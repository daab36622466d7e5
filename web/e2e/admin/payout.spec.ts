import { createCloseAccountInstruction } from '@solana/spl-token';
import { Keypair } from '@solana/web3.js';
import { AdminPanel } from '../support/admin-panel.js';
import { connection, fundedHolder, send, stakingWallet, toRaw, tokenAccountOf, tokenBalance } from '../support/chain.js';
import { installFakePhantom } from '../support/fake-phantom.js';
import { requestWithdrawal, stakeThroughApi } from '../support/holder-api.js';
import { expect as baseExpect, test } from '../support/test.js';

// A payout is several RPC round trips plus confirmation polls a second apart, then the server's own check.
const expect = baseExpect.configure({ timeout: 20_000 });

// The page's wallet is the staking wallet's (or a stranger's), not the holder's.
test.use({ walletInstalled: false });

const short = (text: string) => `${text.slice(0, 4)}...${text.slice(-4)}`;

/** A holder with a pending early withdrawal of `amount` staked in Starter (10% penalty). */
async function pendingWithdrawal(holder: Keypair, amount: number) {
  const stake = await stakeThroughApi(holder, 'Starter', amount);
  return requestWithdrawal(holder, stake);
}

/** A holder whose only token account is closed after staking everything: a payout must create one. */
async function holderWithoutTokenAccount(amount: number) {
  const holder = await fundedHolder(amount);
  const withdrawal = await pendingWithdrawal(holder, amount);
  await send([createCloseAccountInstruction(tokenAccountOf(holder.publicKey), holder.publicKey, holder.publicKey)], [holder]);
  expect(await connection().getAccountInfo(tokenAccountOf(holder.publicKey))).toBeNull();
  return { holder, withdrawal };
}

async function openWithStakingWallet(panel: AdminPanel, keypair = stakingWallet()) {
  const wallet = await installFakePhantom(panel.page, keypair);
  await panel.open('Withdrawals');
  return wallet;
}

const pendingRow = (panel: AdminPanel, holder: Keypair) =>
  panel.section('Pending Withdrawals').getByRole('row').filter({ hasText: short(holder.publicKey.toBase58()) });
const completedRow = (panel: AdminPanel, holder: Keypair) =>
  panel.section('Completed Withdrawals').getByRole('row').filter({ hasText: short(holder.publicKey.toBase58()) });

test('Pay sends finalAmount from the staking wallet and completes the withdrawal, creating a missing token account', async ({ page, holder }) => {
  const panel = new AdminPanel(page);
  const withdrawal = await pendingWithdrawal(holder, 300);
  const bare = await holderWithoutTokenAccount(200);
  const wallet = await openWithStakingWallet(panel);

  await panel.section('Pending Withdrawals').getByRole('button', { name: 'Connect staking wallet' }).click();
  await expect(panel.section('Pending Withdrawals').getByRole('group', { name: 'Staking wallet' })).toContainText(
    `Staking wallet connected: ${short(stakingWallet().publicKey.toBase58())}`,
  );

  const before = await tokenBalance(holder.publicKey);
  await pendingRow(panel, holder).getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(panel.toast('Withdrawals paid: 1')).toBeVisible();
  await expect(pendingRow(panel, holder)).toHaveCount(0);
  expect((await tokenBalance(holder.publicKey)) - before).toBe(toRaw(BigInt(withdrawal.finalAmount)));
  const signature = wallet.requests.filter((r) => r.op === 'signAndSendTransaction');
  expect(signature).toHaveLength(1);
  await expect(completedRow(panel, holder)).toContainText('270 SDT');

  await pendingRow(panel, bare.holder).getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(panel.toast('Withdrawals paid: 1').last()).toBeVisible();
  await expect(completedRow(panel, bare.holder)).toContainText('180 SDT');
  expect(await tokenBalance(bare.holder.publicKey)).toBe(toRaw(BigInt(bare.withdrawal.finalAmount)));
});

test('two selected withdrawals are paid in one transaction, each completed with its signature', async ({ page, holder }) => {
  const panel = new AdminPanel(page);
  const first = await pendingWithdrawal(holder, 400);
  const other = await holderWithoutTokenAccount(500);
  const wallet = await openWithStakingWallet(panel);
  const before = await tokenBalance(holder.publicKey);

  await pendingRow(panel, holder).getByRole('checkbox').check();
  await pendingRow(panel, other.holder).getByRole('checkbox').check();
  // Pay connects the wallet when it is not connected yet.
  await panel.section('Pending Withdrawals').getByRole('button', { name: 'Pay selected (2)' }).click();
  await expect(panel.toast('Withdrawals paid: 2')).toBeVisible();

  const sent = wallet.requests.filter((r) => r.op === 'signAndSendTransaction');
  expect(sent).toHaveLength(1);
  expect((await tokenBalance(holder.publicKey)) - before).toBe(toRaw(BigInt(first.finalAmount)));
  expect(await tokenBalance(other.holder.publicKey)).toBe(toRaw(BigInt(other.withdrawal.finalAmount)));
  const links = [completedRow(panel, holder), completedRow(panel, other.holder)].map((row) => row.getByRole('link'));
  await expect(links[0]!).toHaveCount(1);
  const href = await links[0]!.getAttribute('href');
  await expect(links[1]!).toHaveAttribute('href', href!);
});

test('a wallet that is not the staking wallet sends nothing and says why', async ({ page, holder }) => {
  const panel = new AdminPanel(page);
  await pendingWithdrawal(holder, 150);
  const stranger = Keypair.generate();
  await openWithStakingWallet(panel, stranger);
  const before = await tokenBalance(holder.publicKey);

  await pendingRow(panel, holder).getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(panel.toast('Payout failed')).toContainText(`The connected wallet ${stranger.publicKey.toBase58()} is not the staking wallet`);
  await expect(panel.section('Pending Withdrawals').getByRole('group', { name: 'Staking wallet' })).toContainText('is not the staking wallet');
  await expect(pendingRow(panel, holder)).toBeVisible();
  expect(await tokenBalance(holder.publicKey)).toBe(before);
});

test('a rejected signature sends nothing; a payout the server refuses stays pending with its signature shown', async ({ page, holder }) => {
  const panel = new AdminPanel(page);
  await pendingWithdrawal(holder, 250);
  const wallet = await openWithStakingWallet(panel);
  const before = await tokenBalance(holder.publicKey);

  wallet.rejectNext('signAndSendTransaction');
  await pendingRow(panel, holder).getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(panel.toast('Payout failed')).toContainText('The wallet rejected the transaction. Nothing was sent.');
  expect(await tokenBalance(holder.publicKey)).toBe(before);

  // The tokens go out, but the server cannot verify them now (its RPC provider is down).
  const unavailable = 'The Solana network could not be asked (fetch failed). Nothing was recorded; please try again shortly.';
  await page.route('**/api/admin/withdrawals/*', (route) =>
    route.request().method() === 'PUT' ? route.fulfill({ status: 503, json: { message: unavailable, retryable: true } }) : route.fallback(),
  );
  await pendingRow(panel, holder).getByRole('button', { name: 'Pay', exact: true }).click();
  const dialog = panel.dialog('Sent, but not verified');
  await expect(dialog).toContainText('The withdrawal stays pending');
  await expect(dialog).toContainText(unavailable);
  const sent = await dialog.locator('code').textContent();
  expect(sent).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
  expect((await tokenBalance(holder.publicKey)) - before).toBe(toRaw(225));
  await dialog.getByRole('button', { name: 'OK' }).click();
  await page.unroute('**/api/admin/withdrawals/*');
  await expect(pendingRow(panel, holder)).toBeVisible();

  // Pasted later, the same signature completes it.
  await pendingRow(panel, holder).getByRole('button', { name: 'Process' }).click();
  await panel.dialog('Process Withdrawal').getByLabel('Transaction ID').fill(sent!);
  await panel.dialog('Process Withdrawal').getByRole('button', { name: 'Process' }).click();
  await expect(panel.toast('Withdrawal processed successfully')).toBeVisible();
  await expect(completedRow(panel, holder)).toContainText('225 SDT');
});

test('a payout that fails on chain moves nothing, says so, and can be paid again', async ({ page, holder }) => {
  const panel = new AdminPanel(page);
  const withdrawal = await pendingWithdrawal(holder, 120);
  const wallet = await openWithStakingWallet(panel);
  const before = await tokenBalance(holder.publicKey);

  wallet.failOnChainNext();
  await pendingRow(panel, holder).getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(panel.toast('Payout failed')).toContainText('The payout transaction failed on the blockchain');
  await expect(panel.toast('Payout failed')).toContainText('no tokens moved, only the network fee was paid. The withdrawal stays pending.');
  expect(await tokenBalance(holder.publicKey)).toBe(before);
  await expect(pendingRow(panel, holder)).toBeVisible();

  await pendingRow(panel, holder).getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(panel.toast('Withdrawals paid: 1')).toBeVisible();
  expect((await tokenBalance(holder.publicKey)) - before).toBe(toRaw(BigInt(withdrawal.finalAmount)));
});
