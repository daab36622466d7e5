import { completeWithdrawal, pendingWithdrawalsOf } from '../support/admin-api.js';
import { fundedHolder, payFromStakingWallet, tokenBalance, toRaw } from '../support/chain.js';
import { ageStakesOf, withDatabase } from '../support/database.js';
import { HolderPages } from '../support/holder-pages.js';
import { readState } from '../support/state.js';
import { expect, test } from '../support/test.js';

test.describe('staking from the dashboard', () => {
  test('refuses an amount below the minimum, then stakes real tokens that reach the staking wallet', async ({ page, holder }) => {
    const holderPages = new HolderPages(page);
    await holderPages.connectFromLanding();
    const before = await tokenBalance(holder.publicKey);

    await holderPages.section('New Stake').getByRole('article', { name: 'Starter' }).getByRole('button', { name: 'Stake Now' }).click();
    const dialog = holderPages.dialog();
    await expect(dialog.getByRole('button', { name: 'Confirm Stake' })).toBeDisabled();
    await dialog.getByLabel('Amount (SDT)').fill('50');
    await dialog.getByRole('button', { name: 'Confirm Stake' }).click();
    await expect(holderPages.toast('Invalid Amount')).toContainText('Minimum stake amount is 100 SDT.');
    expect(await tokenBalance(holder.publicKey)).toBe(before);

    await dialog.getByLabel('Amount (SDT)').fill('150');
    await dialog.getByRole('button', { name: 'Confirm Stake' }).click();
    // Staked on the dashboard: no redirect to announce (issue 38).
    await expect(holderPages.toast('Stake Successful')).toContainText('Follow your new stake in Active Stakes.', { timeout: 30_000 });
    await expect(holderPages.toast('Stake Successful')).not.toContainText('Redirecting');
    expect(before - (await tokenBalance(holder.publicKey))).toBe(toRaw(150));

    const row = holderPages.section('Active Stakes').getByRole('row', { name: /Starter/ });
    await expect(row).toContainText('150 SDT');
    await expect(row).toContainText('7 SDT');
    await expect(row).toContainText('30/30 days left');
    await expect(row).toContainText('Active');
    await expect(holderPages.section('Withdrawal Requests')).toContainText('No withdrawal requests');
  });

  test('says so when the holder rejects the transfer in the wallet, moves nothing, and gives the deposit back', async ({
    page,
    holder,
    phantom,
  }) => {
    const holderPages = new HolderPages(page);
    await holderPages.connectFromLanding();
    const before = await tokenBalance(holder.publicKey);
    phantom.rejectNext('signAndSendTransaction');
    const cancelled = page.waitForResponse((r) => r.request().method() === 'DELETE' && /\/api\/stakes\/intents\/\d+$/.test(r.url()));
    await holderPages.section('New Stake').getByRole('article', { name: 'Starter' }).getByRole('button', { name: 'Stake Now' }).click();
    await holderPages.dialog().getByLabel('Amount (SDT)').fill('200');
    await holderPages.dialog().getByRole('button', { name: 'Confirm Stake' }).click();
    await expect(holderPages.toast('Stake Failed')).toContainText('Transaction rejected by the user');
    expect(await tokenBalance(holder.publicKey)).toBe(before);
    await expect(holderPages.section('Active Stakes')).toContainText('No Active Stakes');
    // The server no longer counts that intent as open (a wallet holds at most 5).
    expect((await cancelled).status()).toBe(204);
    const intentId = Number(new URL((await cancelled).url()).pathname.split('/').pop());
    const [intent] = await withDatabase(
      readState().dataDir,
      async (client) => (await client.query('SELECT wallet_address, cancelled_at FROM deposit_intents WHERE id = $1', [intentId])).rows,
    );
    expect(intent).toMatchObject({ wallet_address: holder.publicKey.toBase58(), cancelled_at: expect.any(Date) });
  });

  test('a holder who declines in the wallet six times in a row can still stake: each declined deposit was given back', async ({
    page,
    phantom,
  }) => {
    const holderPages = new HolderPages(page);
    await holderPages.connectFromLanding();
    const starter = holderPages.section('New Stake').getByRole('article', { name: 'Starter' });
    for (let i = 0; i < 6; i++) {
      phantom.rejectNext('signAndSendTransaction');
      const cancelled = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().includes('/api/stakes/intents/'));
      if (!(await holderPages.dialog().isVisible())) await starter.getByRole('button', { name: 'Stake Now' }).click();
      await holderPages.dialog().getByLabel('Amount (SDT)').fill('100');
      await holderPages.dialog().getByRole('button', { name: 'Confirm Stake' }).click();
      await expect(holderPages.toast('Stake Failed').last()).toContainText('Transaction rejected by the user');
      expect((await cancelled).status()).toBe(204);
    }
    if (!(await holderPages.dialog().isVisible())) await starter.getByRole('button', { name: 'Stake Now' }).click();
    await holderPages.dialog().getByLabel('Amount (SDT)').fill('100');
    await holderPages.dialog().getByRole('button', { name: 'Confirm Stake' }).click();
    await expect(holderPages.toast('Stake Successful')).toContainText('Follow your new stake in Active Stakes.', { timeout: 30_000 });
    await expect(holderPages.section('Active Stakes').getByRole('row', { name: /Starter/ })).toContainText('100 SDT');
  });

  test('says the transaction failed when the wallet returns no transaction id, and records and moves nothing', async ({
    page,
    holder,
    phantom,
    request,
  }) => {
    const holderPages = new HolderPages(page);
    await holderPages.connectFromLanding();
    const before = await tokenBalance(holder.publicKey);
    phantom.returnNoSignatureNext();
    await holderPages.submitStake('Starter', 200);
    await expect(holderPages.toast('Stake Failed')).toContainText('Transaction failed - no transaction ID received.');
    expect(await tokenBalance(holder.publicKey)).toBe(before);
    expect(await (await request.get(`/api/stakes/${holder.publicKey.toBase58()}`)).json()).toEqual([]);
    await page.reload();
    await expect(holderPages.section('Active Stakes')).toContainText('No Active Stakes');
  });

  test('says the transaction failed on the blockchain when it lands and fails, and records no stake', async ({
    page,
    holder,
    phantom,
    request,
  }) => {
    const holderPages = new HolderPages(page);
    await holderPages.connectFromLanding();
    const before = await tokenBalance(holder.publicKey);
    phantom.failOnChainNext();
    await holderPages.submitStake('Starter', 200);
    // The SPL Token program refuses the overdrawn transfer: custom error 1, insufficient funds.
    await expect(holderPages.toast('Stake Failed')).toContainText('Transaction failed on the blockchain: insufficient funds', {
      timeout: 30_000,
    });
    expect(await tokenBalance(holder.publicKey)).toBe(before);
    expect(await (await request.get(`/api/stakes/${holder.publicKey.toBase58()}`)).json()).toEqual([]);
    await page.reload();
    await expect(holderPages.section('Active Stakes')).toContainText('No Active Stakes');
    // Kept from the moment its intent was made, forgotten once the chain said it moved nothing.
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('stakedesk.pendingDeposits') ?? '[]'))).toEqual([]);
  });

  test('unstakes early: the penalty is charged, rewards forfeited, the request is pending', async ({ page }) => {
    const holderPages = new HolderPages(page);
    await holderPages.connectFromLanding();
    await holderPages.stake('Starter', 150);
    await holderPages.section('Active Stakes').getByRole('button', { name: 'Unstake' }).click();
    const dialog = holderPages.dialog();
    await expect(dialog).toContainText(
      'You are requesting an early unstake. This will result in penalties and loss of all accumulated rewards.',
    );
    await expect(dialog).toContainText('150.00000000 SDT');
    await expect(dialog).toContainText('-15.00000000 SDT');
    await expect(dialog.getByTestId('final-amount')).toHaveText('135.00000000 SDT');
    await expect(dialog).toContainText('within 24 hours');
    await dialog.getByRole('button', { name: 'Confirm Unstake' }).click();
    await expect(holderPages.toast('Unstake Request Submitted')).toContainText(
      'Your withdrawal request will be processed within 24 hours.',
    );
    await expect(holderPages.section('Active Stakes').getByRole('row', { name: /Starter/ })).toContainText('Withdrawal pending');
    await expect(holderPages.section('Withdrawal Requests').getByRole('row', { name: /135 SDT/ })).toContainText('Pending');
  });

  test('withdraws a stake whose period ended: principal plus reward, no penalty', async ({ page, holder }) => {
    const holderPages = new HolderPages(page);
    await holderPages.connectFromLanding();
    await holderPages.stake('Starter', 150);
    await ageStakesOf(readState().dataDir, holder.publicKey.toBase58(), 31);
    await page.reload();
    const completed = holderPages.section('Completed Stakes').getByRole('row', { name: /Starter/ });
    await expect(completed).toContainText('157 SDT');
    // Past its end it reads Completed whether or not the expiry job has marked it (one label per state).
    await expect(completed).toContainText('Completed');
    await completed.getByRole('button', { name: 'Withdraw' }).click();
    await expect(holderPages.dialog()).toContainText('You can withdraw your full amount plus earned rewards without any penalties.');
    await expect(holderPages.dialog().getByTestId('final-amount')).toHaveText('157.00000000 SDT');
    await holderPages.dialog().getByRole('button', { name: 'Confirm Withdraw' }).click();
    await expect(holderPages.toast('Unstake Request Submitted')).toBeVisible();
    await expect(holderPages.section('Withdrawal Requests').getByRole('row', { name: /157 SDT/ })).toContainText('Pending');
  });

  test('restakes a completed stake into a new one of principal plus reward', async ({ page, holder }) => {
    const holderPages = new HolderPages(page);
    await holderPages.connectFromLanding();
    await holderPages.stake('Starter', 1000);
    await ageStakesOf(readState().dataDir, holder.publicKey.toBase58(), 31);
    await page.reload();
    await holderPages.section('Completed Stakes').getByRole('button', { name: 'Restake' }).click();
    await expect(holderPages.dialog()).toContainText('Restake amount: 1,050 SDT');
    await holderPages.dialog().getByRole('button', { name: 'Confirm Restake' }).click();
    await expect(holderPages.toast('Restake Successful')).toContainText('Your completed stake has been restaked successfully!');
    const restaked = holderPages.section('Active Stakes').getByRole('row', { name: /1,050 SDT/ });
    await expect(restaked).toContainText('RESTAKE');
    await expect(restaked).toContainText('No blockchain transaction');
    await expect(holderPages.section('Historical Stakes').getByRole('row', { name: /1,000 SDT/ })).toContainText('RESTAKED');
  });
});

test.describe('after the operator pays', () => {
  test('an early unstake shows as completed with its payout, and in history with the penalty in red', async ({ page, holder }) => {
    const holderPages = new HolderPages(page);
    await holderPages.connectFromLanding();
    await holderPages.stake('Starter', 200);
    await holderPages.section('Active Stakes').getByRole('button', { name: 'Unstake' }).click();
    await holderPages.dialog().getByRole('button', { name: 'Confirm Unstake' }).click();
    await expect(holderPages.toast('Unstake Request Submitted')).toBeVisible();

    const [withdrawal] = await pendingWithdrawalsOf(holder.publicKey.toBase58());
    expect(withdrawal!.finalAmount).toBe('180');
    const before = await tokenBalance(holder.publicKey);
    const payout = await payFromStakingWallet(holder.publicKey, 180);
    await completeWithdrawal(withdrawal!.id, payout);
    expect((await tokenBalance(holder.publicKey)) - before).toBe(toRaw(180));

    await page.reload();
    const request = holderPages.section('Withdrawal Requests').getByRole('row', { name: /180 SDT/ });
    await expect(request).toContainText('Completed');
    await expect(request.getByRole('link')).toHaveText(`${payout.slice(0, 8)}...${payout.slice(-8)}`);
    const history = holderPages.section('Historical Stakes').getByRole('row', { name: /200 SDT/ });
    await expect(history).toContainText('WITHDRAWN');
    await expect(history.locator('.negative')).toHaveText('-20 SDT');
    await expect(holderPages.section('Active Stakes')).toContainText('No Active Stakes');
  });
});

test.describe('a deposit the server could not record at once', () => {
  test('is kept in the browser and recorded on the next visit', async ({ page, holder }) => {
    const holderPages = new HolderPages(page);
    await holderPages.connectFromLanding();
    const before = await tokenBalance(holder.publicKey);
    // The server is briefly unavailable when the app reports the transfer.
    await page.route('**/api/stakes', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 503, body: '{"message":"Service unavailable"}' }) : route.continue(),
    );
    await holderPages.section('New Stake').getByRole('article', { name: 'Starter' }).getByRole('button', { name: 'Stake Now' }).click();
    await holderPages.dialog().getByLabel('Amount (SDT)').fill('120');
    await holderPages.dialog().getByRole('button', { name: 'Confirm Stake' }).click();
    await expect(holderPages.toast('Deposit not recorded yet')).toBeVisible({ timeout: 30_000 });
    expect(before - (await tokenBalance(holder.publicKey))).toBe(toRaw(120));
    await expect(holderPages.section('Active Stakes')).toContainText('No Active Stakes');

    await page.unroute('**/api/stakes');
    await page.reload();
    // The reload reconnects, the kept signature goes to the server, which checks it on chain, then
    // the list refetches: more than the default wait on a busy machine.
    await expect(holderPages.section('Active Stakes').getByRole('row', { name: /Starter/ })).toContainText('120 SDT', { timeout: 15_000 });
    // The row can appear (the server found the deposit by its reference) a moment before the app drops its kept copy.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('stakedesk.pendingDeposits'))).toBe('[]');
  });
});

test.describe('a deposit whose page closed right after the wallet signed', () => {
  test('is found by the server from its reference and shows on the next visit', async ({ page, holder, phantom }) => {
    const holderPages = new HolderPages(page);
    await holderPages.connectFromLanding();
    const before = await tokenBalance(holder.publicKey);
    const { done } = phantom.withholdReplyNext('signAndSendTransaction');
    await holderPages.submitStake('Starter', 140);
    await done;
    await page.close();
    // The transfer went out; the page that sent it never learned its signature nor told the server.
    await expect.poll(async () => before - (await tokenBalance(holder.publicKey)), { timeout: 15_000 }).toBe(toRaw(140));

    const later = await page.context().newPage();
    const again = new HolderPages(later);
    await later.goto('/dashboard');
    await expect(async () => {
      await later.reload();
      await expect(again.section('Active Stakes').getByRole('row', { name: /Starter/ })).toContainText('140 SDT', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    // Once the server says the intent is recorded, the browser forgets its reminder.
    await expect
      .poll(() => later.evaluate(() => JSON.parse(localStorage.getItem('stakedesk.pendingDeposits') ?? '[]').length), { timeout: 15_000 })
      .toBe(0);
  });
});

test.describe('in Portuguese', () => {
  test('shows the Portuguese message when the holder rejects the transfer', async ({ page, phantom }) => {
    const holderPages = new HolderPages(page);
    await page.goto('/');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('pt-BR');
    await page.getByRole('button', { name: /^Conectar( carteira)?$/ }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    phantom.rejectNext('signAndSendTransaction');
    await holderPages.section('Novo stake').getByRole('article', { name: 'Starter' }).getByRole('button', { name: 'Fazer stake' }).click();
    await holderPages.dialog().getByLabel('Quantidade (SDT)').fill('150');
    await holderPages.dialog().getByRole('button', { name: 'Confirmar stake' }).click();
    await expect(holderPages.toast('Falha no stake')).toContainText('Transação rejeitada pelo usuário');
  });

  test.describe('a holder without the token', () => {
    test.use({ holder: async ({}, use) => use(await fundedHolder(0)) });

    test('the server refuses the deposit before the wallet is asked, and the dialog says why in Portuguese', async ({ page, phantom }) => {
      const holderPages = new HolderPages(page);
      await page.goto('/');
      await page.getByRole('combobox', { name: 'Language' }).selectOption('pt-BR');
      await page.getByRole('button', { name: /^Conectar( carteira)?$/ }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      // The balance cannot be read, so the dialog's own check does not stop the stake: the server's does.
      await page.route('**/api/rpc', (route) =>
        /getTokenAccountsByOwner/.test(route.request().postData() ?? '')
          ? route.fulfill({ status: 503, body: 'unavailable' })
          : route.fallback(),
      );
      const intent = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/stakes/intents'));
      await holderPages
        .section('Novo stake')
        .getByRole('article', { name: 'Starter' })
        .getByRole('button', { name: 'Fazer stake' })
        .click();
      // The dialog has tried the balance and failed before the amount is typed, so nothing it read stops the stake.
      await expect(holderPages.dialog().getByTestId('balance')).toContainText('Saldo indisponível');
      await holderPages.dialog().getByLabel('Quantidade (SDT)').fill('150');
      await holderPages.dialog().getByRole('button', { name: 'Confirmar stake' }).click();
      expect(await (await intent).json()).toMatchObject({ code: 'depositNoTokens', params: { symbol: 'SDT' } });
      await expect(holderPages.toast('Falha no stake')).toContainText('Sua carteira não tem SDT');
      expect(phantom.requests.filter((r) => r.op === 'signAndSendTransaction')).toEqual([]);
    });
  });

  test("shows the server's refusal in Portuguese, translated by its code", async ({ page }) => {
    const holderPages = new HolderPages(page);
    await holderPages.connectFromLanding();
    await holderPages.stake('Starter', 100);
    await page.getByRole('combobox', { name: 'Language' }).selectOption('pt-BR');
    // The real server answers the same request twice: it opens the withdrawal, then refuses a second one (409).
    await page.route('**/api/withdrawals', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      await route.fetch();
      const refusal = await route.fetch();
      expect(refusal.status()).toBe(409);
      expect(await refusal.json()).toEqual({
        message: 'A withdrawal request is already open for this stake',
        code: 'withdrawalAlreadyOpen',
      });
      await route.fulfill({ response: refusal });
    });
    await holderPages.section('Stakes ativos').getByRole('button', { name: 'Encerrar' }).click();
    await holderPages.dialog().getByRole('button', { name: 'Confirmar encerramento' }).click();
    await expect(holderPages.toast('Falha no pedido de saque')).toContainText('Já existe um pedido de saque aberto para este stake');
  });
});

test.describe('with the keyboard', () => {
  test('the stake dialog opens, takes focus, and closes with Escape', async ({ page }) => {
    const holderPages = new HolderPages(page);
    await holderPages.connectFromLanding();
    const stakeNow = holderPages.section('New Stake').getByRole('article', { name: 'Growth' }).getByRole('button', { name: 'Stake Now' });
    await stakeNow.focus();
    await page.keyboard.press('Enter');
    await expect(holderPages.dialog().getByLabel('Amount (SDT)')).toBeFocused();
    await page.keyboard.type('600');
    await page.keyboard.press('Escape');
    await expect(holderPages.dialog()).toBeHidden();
    await stakeNow.click();
    await expect(holderPages.dialog().getByLabel('Amount (SDT)')).toHaveValue('');
  });
});

test.describe('refusals and badges', () => {
  test('a stake with two days or fewer left reads Ending Soon', async ({ page, holder }) => {
    const holderPages = new HolderPages(page);
    await holderPages.connectFromLanding();
    await holderPages.stake('Starter', 100);
    await ageStakesOf(readState().dataDir, holder.publicKey.toBase58(), 28);
    await page.reload();
    const row = holderPages.section('Active Stakes').getByRole('row', { name: /Starter/ });
    await expect(row).toContainText('2/30 days left');
    await expect(row).toContainText('Ending Soon');
  });

  test('says Unstake Failed with the server message when the request is refused', async ({ page }) => {
    const holderPages = new HolderPages(page);
    await holderPages.connectFromLanding();
    await holderPages.stake('Starter', 100);
    await page.route('**/api/withdrawals', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: '{"message":"A withdrawal request is already open for this stake"}',
      }),
    );
    await holderPages.section('Active Stakes').getByRole('button', { name: 'Unstake' }).click();
    await holderPages.dialog().getByRole('button', { name: 'Confirm Unstake' }).click();
    await expect(holderPages.toast('Unstake Failed')).toContainText('A withdrawal request is already open for this stake');
  });

  test('says Wallet Error when the wallet went away before confirming', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: /^Connect( Wallet)?$/ }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/');
    await page.getByRole('article', { name: 'Starter' }).getByRole('button', { name: 'Stake Now' }).click();
    await page.evaluate(() => window.phantom?.solana?.disconnect());
    const holderPages = new HolderPages(page);
    await holderPages.dialog().getByLabel('Amount (SDT)').fill('150');
    await holderPages.dialog().getByRole('button', { name: 'Confirm Stake' }).click();
    await expect(holderPages.toast('Wallet Error')).toContainText('Please connect your browser wallet first.');
  });
});
