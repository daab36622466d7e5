import { HolderPages } from '../support/holder-pages.js';
import { expect, test } from '../support/test.js';

const short = (address: string) => `${address.slice(0, 4)}...${address.slice(-4)}`;

test.describe('wallet connect control', () => {
  test('connects from the landing page, signs in once, and goes to the dashboard after a second', async ({ page, holder, phantom }) => {
    const holderPages = new HolderPages(page);
    await holderPages.connectFromLanding();
    await expect(page.getByText(`Connected: ${short(holder.publicKey.toBase58())}`)).toBeVisible();
    expect(phantom.requests.map((request) => request.op)).toEqual(['connect', 'signMessage']);
    await expect(page).toHaveTitle('Dashboard - Stakedesk Test Token Staking');
  });

  test('reconnects silently after a reload, and disconnects', async ({ page, holder, phantom }) => {
    await new HolderPages(page).connectFromLanding();
    await page.reload();
    await expect(page.getByText(`Connected: ${short(holder.publicKey.toBase58())}`)).toBeVisible();
    await page.getByRole('button', { name: 'Disconnect wallet' }).click();
    await expect(new HolderPages(page).toast('Wallet Disconnected')).toContainText('Successfully disconnected from the wallet.');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Connect Wallet', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Connect Your Wallet' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Connect Wallet', exact: true })).toBeVisible();
    expect(phantom.requests.some((request) => request.op === 'disconnect')).toBe(true);
  });

  test('shows Connecting... while the wallet asks, then the badge', async ({ page, phantom }) => {
    await page.goto('/documentation');
    const release = phantom.holdNext('connect');
    await page.getByRole('button', { name: 'Connect Wallet', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Connecting...' })).toBeDisabled();
    release();
    await expect(page.getByText(/^Connected: /)).toBeVisible();
    await expect(page).toHaveURL(/\/documentation$/);
  });

  test('says the connection failed when the holder cancels', async ({ page, phantom }) => {
    await page.goto('/documentation');
    phantom.rejectNext('connect');
    await page.getByRole('button', { name: 'Connect Wallet', exact: true }).click();
    await expect(new HolderPages(page).toast('Connection Failed')).toContainText('Failed to connect wallet');
    await expect(page.getByRole('button', { name: 'Connect Wallet', exact: true })).toBeEnabled();
  });
});

test.describe('without a wallet installed', () => {
  test.use({ walletInstalled: false });
  // The machine has no internet: the wallet's site is answered locally, so the new tab's address can be read.
  test.beforeEach(({ context }) => context.route('https://phantom.app/**', (route) => route.fulfill({ body: 'Phantom' })));

  test('the connect button says a wallet is required and lists wallets, whose links open their sites', async ({ page, context }) => {
    await page.goto('/');
    await page.getByRole('button', { name: /^Connect( Wallet)?$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Wallet Required' });
    const popup = context.waitForEvent('page');
    await dialog.getByRole('link', { name: 'Install Phantom' }).click();
    expect((await popup).url()).toContain('phantom.app');
  });

  // Scan to stake (DESIGN 12): the plan's button opens the stake dialog, which offers a code to
  // pay from any wallet app and, beside it, the wallet's site in a new tab (scan-to-stake.spec.ts).
  test("a plan's button opens the stake dialog, whose link opens the wallet site in a new tab", async ({ page, context }) => {
    await page.goto('/');
    await page.getByRole('article', { name: 'Growth' }).getByRole('button', { name: 'Connect Wallet & Stake' }).click();
    const dialog = new HolderPages(page).dialog();
    await expect(dialog.getByRole('button', { name: 'Scan to stake' })).toBeVisible();
    const popup = context.waitForEvent('page');
    await dialog.getByRole('link', { name: 'Or install Phantom' }).click();
    expect((await popup).url()).toContain('phantom.app');
  });
});

test.describe('on a phone without an injected wallet', () => {
  test.use({
    walletInstalled: false,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  });
  test.beforeEach(({ context }) => context.route('https://phantom.app/**', (route) => route.fulfill({ body: 'Phantom' })));

  // Issue 38: a choice of wallet apps and scan to stake (never-mislead.spec.ts), instead of straight to Phantom.
  test("a wallet app's link opens this page inside that wallet's own browser", async ({ page }) => {
    await page.goto('/documentation');
    await page.getByRole('button', { name: /^Connect( Wallet)?$/ }).click();
    await page.getByRole('dialog', { name: 'Choose your wallet' }).getByRole('link', { name: 'Open in Phantom' }).click();
    await expect(page).toHaveURL(/^https:\/\/phantom\.app\/ul\/browse\//);
    expect(decodeURIComponent(page.url())).toContain('/documentation');
  });
});
