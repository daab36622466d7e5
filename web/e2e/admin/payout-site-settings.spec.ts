import type { Locator, Page, TestInfo } from '@playwright/test';
import { createCloseAccountInstruction } from '@solana/spl-token';
import { Keypair } from '@solana/web3.js';
import { adminToken, createAdmin, deleteAdmin, loginToken } from '../support/admin-api.js';
import { AdminPanel, PASSWORD_CHECK } from '../support/admin-panel.js';
import { expectAccessible, seriousViolations } from '../support/axe.js';
import { connection, fundedHolder, mint, send, stakingWallet, toRaw, tokenAccountOf, tokenBalance } from '../support/chain.js';
import { installFakePhantom } from '../support/fake-phantom.js';
import { installFakeStandardWallet } from '../support/fake-standard-wallet.js';
import { requestWithdrawal, stakeThroughApi } from '../support/holder-api.js';
import { payoutUnderReview } from '../support/payout-under-review.js';
import { keypairOf, readState } from '../support/state.js';
import { expect as baseExpect, test } from '../support/test.js';

// The server prepares, sends and follows a payout to finalized: seconds, beyond the usual wait.
const expect = baseExpect.configure({ timeout: 20_000 });

// The page's wallet is the staking wallet's (or a stranger's), not the holder's.
test.use({ walletInstalled: false });
// Real deposits, a payout followed to finalized and a second panel or admin: on a loaded 2-CPU machine, over a minute.
test.describe.configure({ timeout: 120_000 });

const short = (text: string) => `${text.slice(0, 4)}...${text.slice(-4)}`;
const SIZES = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
];

/** A holder with a pending early withdrawal of `amount` staked in Starter (10% penalty). */
async function pendingWithdrawal(holder: Keypair, amount: number) {
  const stake = await stakeThroughApi(holder, 'Starter', amount);
  return requestWithdrawal(holder, stake);
}

/** A holder whose only token account is closed after staking everything: the payout must create one. */
async function holderWithoutTokenAccount(amount: number) {
  const holder = await fundedHolder(amount);
  const withdrawal = await pendingWithdrawal(holder, amount);
  await send([createCloseAccountInstruction(tokenAccountOf(holder.publicKey), holder.publicKey, holder.publicKey)], [holder]);
  expect(await connection().getAccountInfo(tokenAccountOf(holder.publicKey))).toBeNull();
  return { holder, withdrawal };
}

/** Everything the page asks of the server and the chain, to prove a payout is only ever the server's. */
function recordRequests(page: Page) {
  const requests: { path: string; body: unknown }[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    requests.push({ path: url.pathname, body: request.method() === 'POST' ? request.postDataJSON() : undefined });
  });
  return {
    toChain: () => requests.filter((r) => r.path === '/api/rpc' || r.path === '/api/helius-config' || !r.path.startsWith('/')),
    signedPosts: () => requests.filter((r) => /^\/api\/admin\/payouts\/\d+\/signed$/.test(r.path)).map((r) => r.body),
  };
}

async function openWithStakingWallet(panel: AdminPanel, keypair = stakingWallet()) {
  const wallet = await installFakePhantom(panel.page, keypair);
  const requests = recordRequests(panel.page);
  await panel.open('Withdrawals');
  return { wallet, requests };
}

const rowIn = (panel: AdminPanel, section: string, holder: Keypair) =>
  panel
    .section(section)
    .getByRole('row')
    .filter({ hasText: short(holder.publicKey.toBase58()) });
const pendingRow = (panel: AdminPanel, holder: Keypair) => rowIn(panel, 'Pending Withdrawals', holder);
const completedRow = (panel: AdminPanel, holder: Keypair) => rowIn(panel, 'Completed Withdrawals', holder);
const reviewDialog = (panel: AdminPanel) => panel.dialog(/^Review payout #\d+$/);
const recipient = (panel: AdminPanel, holder: Keypair) =>
  reviewDialog(panel)
    .getByRole('listitem')
    .filter({ hasText: short(holder.publicKey.toBase58()) });

/**
 * At desktop and phone width, kept as artifacts in web/test-results/<test>/: the whole page, or
 * with an open dialog the screen made tall enough to show all of it (a dialog taller than the
 * screen scrolls inside its fixed layer, out of reach of a full-page screenshot).
 */
async function shootBoth(page: Page, testInfo: TestInfo, name: string, dialog?: Locator) {
  // Out of the way: a pointer left over a column header shows its sort tooltip.
  await page.mouse.move(0, 0);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    const path = testInfo.outputPath(`${name}-${size.width}.png`);
    if (!dialog) {
      await page.screenshot({ path, fullPage: true });
      continue;
    }
    const box = await dialog.locator('.ant-modal-container').boundingBox();
    await page.setViewportSize({ width: size.width, height: Math.max(size.height, Math.ceil((box?.height ?? 0) + 200)) });
    await page.screenshot({ path });
  }
  await page.setViewportSize(SIZES[0]!);
}

test('Pay: the server prepares the payout, the review shows who gets what, the wallet only signs and the server sends it', async ({
  page,
  holder,
}, testInfo) => {
  // Prepare, review in two widths, sign, send, follow to the end: past 2 minutes on a loaded 2-CPU machine.
  test.setTimeout(240_000);
  const panel = new AdminPanel(page);
  const withdrawal = await pendingWithdrawal(holder, 300);
  const { wallet, requests } = await openWithStakingWallet(panel);
  const staking = stakingWallet().publicKey.toBase58();

  await panel.section('Pending Withdrawals').getByRole('button', { name: 'Connect staking wallet' }).click();
  await expect(panel.section('Pending Withdrawals').getByRole('group', { name: 'Staking wallet' })).toContainText(
    `Staking wallet connected: ${short(staking)}`,
  );
  const before = await tokenBalance(holder.publicKey);
  await pendingRow(panel, holder).getByRole('button', { name: 'Pay', exact: true }).click();

  // Before the wallet is asked anything: what the server prepared, for the operator to check.
  const dialog = reviewDialog(panel);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`Paid from (staking wallet)${staking}`);
  await expect(dialog).toContainText('Holders receive270 SDT');
  await expect(dialog.getByRole('listitem')).toHaveCount(1);
  const item = recipient(panel, holder);
  await expect(item).toContainText('270 SDT');
  await expect(item).toContainText(`Token account ${tokenAccountOf(holder.publicKey).toBase58()}`);
  await expect(item.getByRole('button', { name: `Copy address ${holder.publicKey.toBase58()}` })).toBeVisible();
  await expect(item).not.toContainText('New token account');
  expect(wallet.requests.filter((r) => r.op === 'signTransaction')).toHaveLength(0);
  // The payout claims the withdrawal at once: the table behind the dialog says so.
  await expect(pendingRow(panel, holder)).toContainText("Waiting for the staking wallet's signature");
  await expectAccessible(page, '.ant-modal');
  await shootBoth(page, testInfo, 'payout-review', dialog);

  await dialog.getByRole('button', { name: 'Sign with wallet' }).click();
  await expect(panel.toast('Payout sent')).toContainText(/The server is confirming payout #\d+ on chain; its withdrawals \(1\) complete/);
  await expect(dialog).toBeHidden();
  await expect(completedRow(panel, holder)).toContainText('270 SDT');
  await expect(pendingRow(panel, holder)).toHaveCount(0);
  expect((await tokenBalance(holder.publicKey)) - before).toBe(toRaw(BigInt(withdrawal.finalAmount)));
  // The wallet signed once and sent nothing; the panel handed the signed copy to the server and never asked the chain.
  expect(wallet.requests.filter((r) => r.op === 'signTransaction')).toHaveLength(1);
  expect(wallet.requests.filter((r) => r.op === 'signAndSendTransaction')).toHaveLength(0);
  expect(requests.signedPosts()).toEqual([{ transaction: expect.any(String) }]);
  expect(requests.toChain()).toEqual([]);
});

test('two selected withdrawals go in one payout, which creates a missing token account at the staking wallet’s cost', async ({
  page,
  holder,
}) => {
  const panel = new AdminPanel(page);
  const first = await pendingWithdrawal(holder, 400);
  const other = await holderWithoutTokenAccount(500);
  const { wallet } = await openWithStakingWallet(panel);
  const before = await tokenBalance(holder.publicKey);

  await pendingRow(panel, holder).getByRole('checkbox').check();
  await pendingRow(panel, other.holder).getByRole('checkbox').check();
  // Pay connects the wallet when it is not connected yet.
  await panel.section('Pending Withdrawals').getByRole('button', { name: 'Pay selected (2)' }).click();
  const dialog = reviewDialog(panel);
  await expect(dialog.getByRole('listitem')).toHaveCount(2);
  await expect(recipient(panel, holder)).toContainText('360 SDT');
  await expect(recipient(panel, holder)).not.toContainText('New token account');
  await expect(recipient(panel, other.holder)).toContainText('450 SDT');
  await expect(recipient(panel, other.holder)).toContainText(`${tokenAccountOf(other.holder.publicKey).toBase58()} New token account`);
  await expect(dialog).toContainText('The transaction creates this token account; the staking wallet pays its rent (about 0.002 SOL).');
  await expect(dialog).toContainText('Holders receive810 SDT');
  await dialog.getByRole('button', { name: 'Sign with wallet' }).click();
  await expect(panel.toast('Payout sent')).toContainText('its withdrawals (2) complete');

  const links = [completedRow(panel, holder), completedRow(panel, other.holder)].map((row) => row.getByRole('link'));
  await expect(links[0]!).toHaveCount(1);
  await expect(links[1]!).toHaveAttribute('href', (await links[0]!.getAttribute('href'))!);
  expect(wallet.requests.filter((r) => r.op === 'signTransaction')).toHaveLength(1);
  expect((await tokenBalance(holder.publicKey)) - before).toBe(toRaw(BigInt(first.finalAmount)));
  expect(await tokenBalance(other.holder.publicKey)).toBe(toRaw(BigInt(other.withdrawal.finalAmount)));
});

test.describe('in Portuguese', () => {
  test.use({ locale: 'pt-BR' });

  test("a wallet that changes the transaction before signing is refused with the server's sentence; nothing is paid until it signs it unchanged", async ({
    page,
    holder,
  }) => {
    const panel = new AdminPanel(page);
    const withdrawal = await pendingWithdrawal(holder, 200);
    const wallet = await installFakePhantom(page, stakingWallet());
    await page.addInitScript((value) => localStorage.setItem('admin_token', value), await adminToken());
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Painel Administrativo' })).toBeVisible();
    await panel.openTab('Saques');
    const pending = rowIn(panel, 'Saques Pendentes', holder);
    const before = await tokenBalance(holder.publicKey);

    wallet.alterNext('signTransaction');
    await pending.getByRole('button', { name: 'Pagar', exact: true }).click();
    const dialog = panel.dialog(/^Revisar o pagamento #\d+$/);
    await dialog.getByRole('button', { name: 'Assinar com a carteira' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'A transação assinada não é a que o servidor preparou, ou a assinatura da carteira de staking nela não confere: nada foi enviado. Assine o pagamento de novo sem alterá-lo',
    );
    expect(await tokenBalance(holder.publicKey)).toBe(before);
    await expect(pending).toContainText('Aguardando a assinatura da carteira de staking');

    // Signed again, unchanged: the same payout goes out, once.
    await dialog.getByRole('button', { name: 'Assinar com a carteira' }).click();
    await expect(panel.toast('Pagamento enviado')).toBeVisible();
    await expect(rowIn(panel, 'Saques Concluídos', holder)).toBeVisible();
    expect((await tokenBalance(holder.publicKey)) - before).toBe(toRaw(BigInt(withdrawal.finalAmount)));
    expect(wallet.requests.filter((r) => r.op === 'signTransaction')).toHaveLength(2);
  });
});

test('a wallet that can only sign and send sends the payout itself; the panel gives the server its signature', async ({ page, holder }) => {
  const panel = new AdminPanel(page);
  const withdrawal = await pendingWithdrawal(holder, 250);
  const wallet = await installFakeStandardWallet(page, stakingWallet(), { name: 'Backpack', signsOnly: false });
  const requests = recordRequests(page);
  await panel.open('Withdrawals');
  const before = await tokenBalance(holder.publicKey);

  await pendingRow(panel, holder).getByRole('button', { name: 'Pay', exact: true }).click();
  const dialog = reviewDialog(panel);
  await expect(recipient(panel, holder)).toContainText('225 SDT');
  await dialog.getByRole('button', { name: 'Sign with wallet' }).click();
  await expect(panel.toast('Payout sent')).toBeVisible();
  await expect(completedRow(panel, holder)).toContainText('225 SDT');

  expect((await tokenBalance(holder.publicKey)) - before).toBe(toRaw(BigInt(withdrawal.finalAmount)));
  expect(wallet.requests.filter((r) => r.op === 'signAndSendTransaction')).toHaveLength(1);
  expect(wallet.requests.filter((r) => r.op === 'signTransaction')).toHaveLength(0);
  expect(requests.signedPosts()).toEqual([{ signature: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/) }]);
  expect(requests.toChain()).toEqual([]);
});

test('declined in the wallet, then closed unsigned: nothing is sent, and the withdrawal is held until that payout expires', async ({
  page,
  holder,
}) => {
  const panel = new AdminPanel(page);
  await pendingWithdrawal(holder, 120);
  const { wallet } = await openWithStakingWallet(panel);
  const before = await tokenBalance(holder.publicKey);

  wallet.rejectNext('signTransaction');
  await pendingRow(panel, holder).getByRole('button', { name: 'Pay', exact: true }).click();
  const dialog = reviewDialog(panel);
  await dialog.getByRole('button', { name: 'Sign with wallet' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The wallet rejected the transaction. Nothing was sent.');
  await expect(dialog).toContainText(
    'If you close it without signing, its withdrawals stay held until this payout expires (about two minutes)',
  );
  await dialog.getByRole('button', { name: 'Close without signing' }).click();
  await expect(panel.toast('Payout not signed')).toContainText(
    /Its withdrawals stay held until payout #\d+ expires \(about two minutes\); then they can be paid again\./,
  );
  await expect(dialog).toBeHidden();

  const row = pendingRow(panel, holder);
  await expect(row).toContainText("Waiting for the staking wallet's signature");
  for (const action of ['Pay', 'Process', 'Reject']) await expect(row.getByRole('button', { name: action, exact: true })).toBeDisabled();
  await expect(row.getByRole('checkbox')).toBeDisabled();
  expect(await tokenBalance(holder.publicKey)).toBe(before);
  expect(wallet.requests.filter((r) => r.op === 'signAndSendTransaction')).toHaveLength(0);
});

test('a wallet that is not the staking wallet: nothing is prepared, and the panel says why', async ({ page, holder }) => {
  const panel = new AdminPanel(page);
  await pendingWithdrawal(holder, 150);
  const stranger = Keypair.generate();
  await openWithStakingWallet(panel, stranger);
  const prepares: string[] = [];
  page.on('request', (request) => request.url().endsWith('/api/admin/payouts') && prepares.push(request.method()));

  await pendingRow(panel, holder).getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(panel.toast('Payout failed')).toContainText(
    `The connected wallet ${stranger.publicKey.toBase58()} is not the staking wallet ${stakingWallet().publicKey.toBase58()}`,
  );
  await expect(panel.section('Pending Withdrawals').getByRole('group', { name: 'Staking wallet' })).toContainText(
    'is not the staking wallet',
  );
  await expect(reviewDialog(panel)).toHaveCount(0);
  expect(prepares).toEqual([]);
  await expect(pendingRow(panel, holder).getByRole('button', { name: 'Pay', exact: true })).toBeEnabled();
});

test('a payout under review: the row says why and who may act; an owner resolves it with step-up', async ({ page }, testInfo) => {
  const { baseURL, decimals, admin, mintAuthoritySecretKey } = readState();
  const review = await payoutUnderReview({
    baseURL,
    adminToken: await adminToken(),
    connection: connection(),
    mint: mint(),
    decimals,
    stakingWallet: stakingWallet(),
    mintAuthority: keypairOf(mintAuthoritySecretKey),
  });
  const { holder, accomplice, tokenAccount } = review;
  const reason = `When the payout landed, the token account ${tokenAccount.toBase58()} belonged to ${accomplice.toBase58()}, not to the holder's wallet ${holder.publicKey.toBase58()}`;

  // An operator reads that an owner must review it, and cannot pay, paste or reject it.
  const operator = await createAdmin('operator', 'reviewer');
  try {
    const operatorPanel = new AdminPanel(await page.context().newPage());
    await operatorPanel.open('Withdrawals', await loginToken(operator));
    const seen = pendingRow(operatorPanel, holder);
    await expect(seen).toContainText('Needs review');
    await expect(seen).toContainText('An owner must review it before it can be paid, pasted or rejected.');
    await expect(seen.getByRole('button', { name: 'Resolve' })).toHaveCount(0);
    await operatorPanel.page.close();
  } finally {
    await deleteAdmin(operator.id);
  }

  const panel = new AdminPanel(page);
  await installFakePhantom(page, stakingWallet());
  await panel.open('Withdrawals');
  const row = pendingRow(panel, holder);
  await expect(row).toContainText(`Needs review${reason}`);
  for (const action of ['Pay', 'Process', 'Reject']) await expect(row.getByRole('button', { name: action, exact: true })).toBeDisabled();
  await expect(row.getByRole('checkbox')).toBeDisabled();
  await expect(panel.section('Treasury Coverage')).toContainText("left the staking wallet in payouts waiting for an owner's review");
  // The red of the tag and the reason reads on the table (axe: no serious contrast failure).
  expect(await seriousViolations(page, 'a withdrawal under review')).toEqual([]);
  await row.scrollIntoViewIfNeeded();
  await shootBoth(page, testInfo, 'payout-needs-review');

  await row.getByRole('button', { name: 'Resolve' }).click();
  const dialog = panel.dialog('Resolve a payout under review');
  await expect(dialog).toContainText(`Payout #${review.payout.id} landed but did not pay this withdrawal as owed:${reason}`);
  await expect(dialog).toContainText(`Wallet${holder.publicKey.toBase58()}`);
  await expect(dialog).toContainText('Net Amount270 SDT');
  await expectAccessible(page, '.ant-modal');
  await shootBoth(page, testInfo, 'payout-resolve-dialog', dialog);

  // Both choices say what they do; the note is required (the server's own rule, in its words).
  await dialog.getByRole('radio', { name: /Release it so it can be paid again/ }).check();
  await dialog.getByRole('button', { name: 'Resolve' }).click();
  await expect(dialog).toContainText('Say in a note what you checked');
  await dialog.getByLabel('Note').fill('The holder moved the account to another owner; paying again to an account the holder owns.');
  await dialog.getByRole('button', { name: 'Resolve' }).click();
  await panel.confirmStepUp(admin.password);
  await expect(panel.toast('Withdrawal released: it can be paid again')).toBeVisible(PASSWORD_CHECK);
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Released after review: can be paid again');
  await expect(row.getByRole('button', { name: 'Pay', exact: true })).toBeEnabled();
});
