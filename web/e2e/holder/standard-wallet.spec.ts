import { Keypair } from '@solana/web3.js';
import { tokenBalance, toRaw } from '../support/chain.js';
import { installFakeStandardWallet } from '../support/fake-standard-wallet.js';
import { HolderPages } from '../support/holder-pages.js';
import { expect, test } from '../support/test.js';

// Wallets that announce themselves through the Wallet Standard (Solflare, Backpack), alone or beside Phantom.

const short = (address: string) => `${address.slice(0, 4)}...${address.slice(-4)}`;

test.describe('with only a Wallet Standard wallet installed', () => {
  test.use({ walletInstalled: false });

  test('connects, signs in once, and stakes real tokens that reach the staking wallet', async ({ page, holder }) => {
    const solflare = await installFakeStandardWallet(page, holder);
    const holderPages = new HolderPages(page);
    await holderPages.connectFromLanding();
    await expect(page.getByText(`Connected: ${short(holder.publicKey.toBase58())}`)).toBeVisible();
    await expect.poll(() => solflare.requests.map((request) => request.op)).toEqual(['connect', 'signMessage']);

    const before = await tokenBalance(holder.publicKey);
    await holderPages.stake('Starter', 150);
    expect(before - (await tokenBalance(holder.publicKey))).toBe(toRaw(150));
    await expect(holderPages.section('Active Stakes').getByRole('row', { name: /Starter/ })).toContainText('150 SDT');
    // The run's server is on devnet: the wallet is told to send there.
    expect(solflare.requests.find((request) => request.op === 'signAndSendTransaction')).toMatchObject({ chain: 'solana:devnet' });
  });

  test("a plan's button connects the wallet, then opens the stake dialog", async ({ page, holder }) => {
    await installFakeStandardWallet(page, holder);
    await page.goto('/');
    await page.getByRole('article', { name: 'Growth' }).getByRole('button', { name: 'Connect Wallet & Stake' }).click();
    await expect(new HolderPages(page).dialog()).toContainText('Stake in Growth');
    await expect(page.getByText(`Connected: ${short(holder.publicKey.toBase58())}`)).toBeVisible();
  });

  test('reconnects silently after a reload, then disconnects', async ({ page, holder }) => {
    const solflare = await installFakeStandardWallet(page, holder);
    const holderPages = new HolderPages(page);
    await holderPages.connectFromLanding();
    expect(await page.evaluate(() => localStorage.getItem('stakedesk.wallet.solflare'))).toBe(
      JSON.stringify({ publicKey: holder.publicKey.toBase58(), isConnected: true }),
    );
    await page.reload();
    await expect(page.getByText(`Connected: ${short(holder.publicKey.toBase58())}`)).toBeVisible();
    expect(solflare.requests).toContainEqual({ op: 'connect', onlyIfTrusted: true });

    await page.getByRole('button', { name: 'Disconnect wallet' }).click();
    await expect(holderPages.toast('Wallet Disconnected')).toContainText('Successfully disconnected from the wallet.');
    await expect(page.getByRole('heading', { name: 'Connect Your Wallet' })).toBeVisible();
    expect(solflare.requests.map((request) => request.op)).toContain('disconnect');
    await page.reload();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Connect Wallet', exact: true })).toBeVisible();
  });

  test('follows the wallet when the holder switches account in it, and when the holder revokes the site', async ({ page, holder }) => {
    const solflare = await installFakeStandardWallet(page, holder);
    await new HolderPages(page).connectFromLanding();
    const other = Keypair.generate();
    await solflare.switchAccount(other);
    await expect(page.getByText(`Connected: ${short(other.publicKey.toBase58())}`)).toBeVisible();
    await solflare.switchAccount(null);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Connect Wallet', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Connect Your Wallet' })).toBeVisible();
  });
});

test.describe('with Phantom and a Wallet Standard wallet installed', () => {
  test('the holder chooses the wallet, Phantom is listed once, and each choice connects its own address', async ({
    page,
    holder,
    phantom,
  }) => {
    // Phantom also registers itself as a standard wallet; the app must use its injected provider.
    const phantomStandard = await installFakeStandardWallet(page, holder, { name: 'Phantom' });
    const other = Keypair.generate();
    const solflare = await installFakeStandardWallet(page, other);
    await page.goto('/documentation');

    await page.getByRole('button', { name: 'Connect Wallet', exact: true }).click();
    const chooser = page.getByRole('dialog', { name: 'Choose your wallet' });
    await expect(chooser.getByRole('button')).toHaveText(['Phantom', 'Solflare', 'Cancel']);
    await chooser.getByRole('button', { name: 'Solflare' }).click();
    await expect(page.getByText(`Connected: ${short(other.publicKey.toBase58())}`)).toBeVisible();
    await expect(chooser).toBeHidden();
    // Signing in follows the connection shown in the badge.
    await expect.poll(() => solflare.requests.map((request) => request.op)).toEqual(['connect', 'signMessage']);
    expect(phantom.requests).toEqual([]);

    await page.getByRole('button', { name: 'Disconnect wallet' }).click();
    await page.getByRole('button', { name: 'Connect Wallet', exact: true }).click();
    await chooser.getByRole('button', { name: 'Phantom' }).click();
    await expect(page.getByText(`Connected: ${short(holder.publicKey.toBase58())}`)).toBeVisible();
    await expect.poll(() => phantom.requests.map((request) => request.op)).toEqual(['connect', 'signMessage']);
    expect(phantomStandard.requests).toEqual([]);
  });

  test('after a reload, the wallet that was chosen reconnects silently', async ({ page, phantom }) => {
    const other = Keypair.generate();
    const solflare = await installFakeStandardWallet(page, other);
    await page.goto('/documentation');
    await page.getByRole('button', { name: 'Connect Wallet', exact: true }).click();
    await page.getByRole('dialog', { name: 'Choose your wallet' }).getByRole('button', { name: 'Solflare' }).click();
    await expect(page.getByText(`Connected: ${short(other.publicKey.toBase58())}`)).toBeVisible();

    await page.reload();
    await expect(page.getByText(`Connected: ${short(other.publicKey.toBase58())}`)).toBeVisible();
    expect(solflare.requests).toContainEqual({ op: 'connect', onlyIfTrusted: true });
    expect(phantom.requests).toEqual([]);
  });

  test('the chooser works from the keyboard, and Escape connects nothing', async ({ page }) => {
    const other = Keypair.generate();
    await installFakeStandardWallet(page, other);
    await page.goto('/documentation');
    const connect = page.getByRole('button', { name: 'Connect Wallet', exact: true });
    await connect.focus();
    await page.keyboard.press('Enter');
    const chooser = page.getByRole('dialog', { name: 'Choose your wallet' });
    await expect(chooser.getByRole('button', { name: 'Phantom' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(chooser).toBeHidden();
    await expect(connect).toBeEnabled();

    await connect.focus();
    await page.keyboard.press('Enter');
    await expect(chooser.getByRole('button', { name: 'Phantom' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(chooser.getByRole('button', { name: 'Solflare' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText(`Connected: ${short(other.publicKey.toBase58())}`)).toBeVisible();
  });

  test('the chooser speaks Portuguese', async ({ page, holder }) => {
    await installFakeStandardWallet(page, holder);
    await page.goto('/documentation');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('pt-BR');
    await page.getByRole('button', { name: 'Conectar carteira', exact: true }).click();
    const chooser = page.getByRole('dialog', { name: 'Escolha sua carteira' });
    await expect(chooser.getByRole('button', { name: 'Cancelar' })).toBeVisible();
  });
});
