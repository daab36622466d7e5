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
  panel
    .section('Pending Withdrawals')
    .getByRole('row')
    .filter({ hasText: short(holder.publicKey.toBase58()) });
const completedRow = (panel: AdminPanel, holder: Keypair) =>
  panel
    .section('Completed Withdrawals')
    .getByRole('row')
    .filter({ hasText: short(holder.publicKey.toBase58()) });

test('Pay sends finalAmount from the staking wallet and completes the withdrawal, creating a missing token account', async ({
  page,
  holder,
}) => {
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
  // Signed by the wallet, registered with the server, then sent by the panel: never signAndSend.
  expect(wallet.requests.filter((r) => r.op === 'signTransaction')).toHaveLength(1);
  expect(wallet.requests.filter((r) => r.op === 'signAndSendTransaction')).toHaveLength(0);
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

  expect(wallet.requests.filter((r) => r.op === 'signTransaction')).toHaveLength(1);
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
  await expect(panel.toast('Payout failed')).toContainText(
    `The connected wallet ${stranger.publicKey.toBase58()} is not the staking wallet`,
  );
  await expect(panel.section('Pending Withdrawals').getByRole('group', { name: 'Staking wallet' })).toContainText(
    'is not the staking wallet',
  );
  await expect(pendingRow(panel, holder)).toBeVisible();
  expect(await tokenBalance(holder.publicKey)).toBe(before);
});

test('a rejected signature sends nothing; a payout the server refuses is never sent', async ({ page, holder }) => {
  const panel = new AdminPanel(page);
  await pendingWithdrawal(holder, 250);
  const wallet = await openWithStakingWallet(panel);
  const before = await tokenBalance(holder.publicKey);

  wallet.rejectNext('signTransaction');
  await pendingRow(panel, holder).getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(panel.toast('Payout failed')).toContainText('The wallet rejected the transaction. Nothing was sent.');
  expect(await tokenBalance(holder.publicKey)).toBe(before);

  // The server refuses to register it (say another panel's payout got there first): the signed transaction is dropped.
  const sends: string[] = [];
  await page.route('**/api/rpc', async (route) => {
    if (JSON.stringify(route.request().postDataJSON()).includes('"sendTransaction"')) sends.push('sendTransaction');
    await route.fallback();
  });
  await page.route('**/api/admin/payouts', (route) =>
    route.fulfill({ status: 409, json: { message: 'A payout for this withdrawal has been sent and is being confirmed on chain' } }),
  );
  await pendingRow(panel, holder).getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(panel.toast('Payout failed').last()).toContainText(
    'The server refused this payout before it was sent: A payout for this withdrawal has been sent and is being confirmed on chain Nothing was sent.',
  );
  expect(sends).toEqual([]);
  expect(await tokenBalance(holder.publicKey)).toBe(before);
  await expect(pendingRow(panel, holder)).toBeVisible();
});

test('an RPC failure after sending loses nothing: the server completes the payout by itself, and it is never sent twice', async ({
  page,
  holder,
}) => {
  const panel = new AdminPanel(page);
  const withdrawal = await pendingWithdrawal(holder, 400);
  const wallet = await openWithStakingWallet(panel);
  const before = await tokenBalance(holder.publicKey);

  // The provider answers 503 to everything once the transaction has gone out (429s and timeouts look the same to the panel).
  let sent = 0;
  await page.route('**/api/rpc', async (route) => {
    if (sent > 0)
      return route.fulfill({ status: 503, json: { message: 'The blockchain network cannot be reached right now; please retry shortly' } });
    if (JSON.stringify(route.request().postDataJSON()).includes('"sendTransaction"')) sent += 1;
    return route.fallback();
  });
  await pendingRow(panel, holder).getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(panel.toast(/Payout sent for 1 withdrawals/)).toContainText(
    'The server follows the transaction and completes them when it is finalized',
    {
      timeout: 90_000,
    },
  );
  // No confirmation ever reached the panel; the server found the outcome on chain by itself.
  await expect(completedRow(panel, holder)).toContainText('360 SDT', { timeout: 30_000 });
  await expect(pendingRow(panel, holder)).toHaveCount(0);
  expect(sent).toBe(1);
  expect(wallet.requests.filter((r) => r.op === 'signTransaction')).toHaveLength(1);
  expect((await tokenBalance(holder.publicKey)) - before).toBe(toRaw(BigInt(withdrawal.finalAmount)));
});

test('two panels paying one withdrawal: the second is refused before it sends anything', async ({ page, holder }) => {
  const first = new AdminPanel(page);
  const withdrawal = await pendingWithdrawal(holder, 300);
  const firstWallet = await openWithStakingWallet(first);
  const second = new AdminPanel(await page.context().newPage());
  const secondWallet = await openWithStakingWallet(second);
  const before = await tokenBalance(holder.publicKey);

  // The first operator's wallet prompt stays open while the second operator pays.
  const releaseFirst = firstWallet.holdNext('signTransaction');
  await pendingRow(first, holder).getByRole('button', { name: 'Pay', exact: true }).click();
  await expect.poll(() => firstWallet.requests.filter((r) => r.op === 'signTransaction').length).toBe(1);
  // Two transactions built in the same slot would be the same bytes, hence the same signature (a
  // case of its own: pay-withdrawals.test.ts); the second operator builds theirs after a new slot.
  const { blockhash } = await connection().getLatestBlockhash('confirmed');
  await expect.poll(async () => (await connection().getLatestBlockhash('confirmed')).blockhash).not.toBe(blockhash);
  await pendingRow(second, holder).getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(second.toast('Withdrawals paid: 1')).toBeVisible();
  releaseFirst();
  await expect(first.toast('Payout failed')).toContainText('The server refused this payout before it was sent');
  await expect(first.toast('Payout failed')).toContainText('Nothing was sent.');

  await expect(completedRow(second, holder)).toContainText('270 SDT');
  expect((await tokenBalance(holder.publicKey)) - before).toBe(toRaw(BigInt(withdrawal.finalAmount)));
  expect(secondWallet.requests.filter((r) => r.op === 'signTransaction')).toHaveLength(1);
});

test('a payout transaction the network refuses moves nothing, says so, and holds its withdrawal until it can no longer land', async ({
  page,
  holder,
}) => {
  const panel = new AdminPanel(page);
  await pendingWithdrawal(holder, 120);
  const wallet = await openWithStakingWallet(panel);
  const before = await tokenBalance(holder.publicKey);

  wallet.failOnChainNext('signTransaction');
  await pendingRow(panel, holder).getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(panel.toast('Payout failed')).toContainText('The network refused the payout transaction before sending it');
  await expect(panel.toast('Payout failed')).toContainText('Nothing moved. Its withdrawals can be paid again once its blockhash expires');
  expect(await tokenBalance(holder.publicKey)).toBe(before);
  // Registered before sending: until it expires nothing else may pay it, here or in another panel.
  const row = pendingRow(panel, holder);
  await expect(row).toContainText('Payout sent: confirming on chain');
  await expect(row.getByRole('button', { name: 'Pay', exact: true })).toBeDisabled();
  await expect(row.getByRole('button', { name: 'Process' })).toBeDisabled();
});
