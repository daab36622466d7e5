import { expect, test, type Page } from '@playwright/test';
import { callsOf, installBridgeStub, stubState } from './support/bridge-stub.js';
import { readState } from './support/state.js';
import { ADMIN_TABS, PASSWORD_CHECK } from '../../web/e2e/support/admin-panel.js';

// The desktop renderer as built (out/renderer), its bridge stubbed in the page, on the real server.

/** Kept as artifacts in desktop/test-results/<test>/, passed or failed. */
async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

const toast = (page: Page, title: string) => page.locator('.ant-notification-notice').filter({ hasText: title });

test('first run: server setup, then the same admin panel works against the real server', async ({ page }) => {
  const { appURL, serverURL, admin } = readState();
  await installBridgeStub(page, serverURL);
  const cspViolations: string[] = [];
  await page.exposeFunction('__reportCsp', (violation: string) => cspViolations.push(violation));
  await page.addInitScript(() =>
    document.addEventListener(
      'securitypolicyviolation',
      (event) => void (window as never as { __reportCsp(v: string): void }).__reportCsp(`${event.violatedDirective} ${event.blockedURI}`),
    ),
  );
  // Everything the page asks of the server must be /api/admin/* (the only paths the server's CORS
  // rule opens to the real app's origin, app://stakedesk) or the Solana Actions the Blinks preview
  // reads as any blink client does (their CORS answers every origin).
  const apiPaths = new Set<string>();
  page.on('request', (request) => {
    if (request.url().startsWith(serverURL)) apiPaths.add(new URL(request.url()).pathname);
  });

  await page.goto(appURL);
  await expect(page.getByText('Connect to your Stakedesk server')).toBeVisible();
  await screenshot(page, '1-server-setup');

  const url = page.getByLabel('Server URL');
  const checkAndSave = page.getByRole('button', { name: 'Check & Save' });
  await checkAndSave.click();
  await expect(page.getByText('Enter the server URL')).toBeVisible();
  await url.fill('ftp://127.0.0.1');
  await checkAndSave.click();
  await expect(page.getByText('Enter an address like https://stakedesk.example.com')).toBeVisible();
  await url.fill('http://127.0.0.1:9');
  await checkAndSave.click();
  await expect(page.getByText('No server answered at this address')).toBeVisible();
  expect((await stubState(page)).serverUrl).toBeNull();

  await url.fill(serverURL);
  await page.getByRole('button', { name: 'Check connection' }).click();
  await expect(page.getByText('The server answered: it is up.')).toBeVisible();
  expect((await stubState(page)).serverUrl).toBeNull();
  await checkAndSave.click();

  // Saved: the window reloads into the panel for that server.
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  expect((await stubState(page)).serverUrl).toBe(serverURL);
  await screenshot(page, '2-login');

  await page.getByLabel('Username').fill(admin.username);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(toast(page, 'Login failed')).toBeVisible(PASSWORD_CHECK);
  expect((await stubState(page)).token).toBeNull();

  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(toast(page, 'Login successful')).toBeVisible(PASSWORD_CHECK);
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  for (const card of ['Total Users', 'Total Staked', 'Pending Withdrawals', 'Active Plans']) {
    await expect(page.locator('.ant-statistic-title', { hasText: card })).toBeVisible();
  }
  await expect(page.getByRole('tab')).toHaveText([...ADMIN_TABS]);
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  // Treasury coverage, read from the chain through the server: an empty staking wallet that owes nothing.
  const treasury = page.getByRole('region', { name: 'Treasury Coverage' });
  await expect(treasury).toContainText('Staking Wallet Balance0 SDT');
  await expect(treasury).toContainText('Liabilities0 SDT');
  await expect(treasury).toContainText('CoverageNothing owed');
  // The token went to the bridge (main's encrypted store), not to localStorage.
  const loggedIn = await stubState(page);
  expect(loggedIn.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(await page.evaluate(() => localStorage.getItem('admin_token'))).toBeNull();
  expect(callsOf(loggedIn, 'setPendingCount')).toContainEqual([0]);
  await screenshot(page, '3-dashboard');

  // Every tab opens and shows its content.
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByLabel('Token Symbol')).toHaveValue('SDT');
  await expect(panel.getByRole('button', { name: 'Update Settings' })).toBeVisible();
  // What the server read of the mint when the contract was saved: the same panel as the browser's.
  const mint = panel.getByTestId('mint-profile');
  await expect(mint).toContainText('Token programSPL Token');
  await expect(mint).toContainText('Decimals6');
  await expect(mint).toContainText('ExtensionsNone');
  await expect(mint).toContainText('Transfer feeNone');
  await mint.screenshot({ path: test.info().outputPath('3b-token-config-mint.png') });
  await page.getByRole('tab', { name: 'Staking Plans' }).click();
  await expect(panel.getByRole('button', { name: 'Create Plan' })).toBeVisible();
  await page.getByRole('tab', { name: 'Withdrawals' }).click();
  await expect(panel.getByText('No pending withdrawals')).toBeVisible();
  // No wallet extensions on the desktop: payouts are pasted as a TXID, never paid from the panel.
  await expect(panel.getByRole('group', { name: 'Staking wallet' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: /^Pay|Connect staking wallet/ })).toHaveCount(0);
  await expect(panel.getByRole('checkbox')).toHaveCount(0);
  // This server has no PAYOUT_SIGNER: automatic payouts say so, whatever the policy.
  const automatic = panel.getByRole('region', { name: 'Automatic Payouts' });
  await expect(automatic.getByText('No payout signer configured', { exact: true })).toBeVisible();
  await expect(automatic).toContainText('Set PAYOUT_SIGNER on the server to pay withdrawals from a hot wallet.');
  await automatic.screenshot({ path: test.info().outputPath('3c-automatic-payouts-no-signer.png') });
  await page.getByRole('tab', { name: 'Active Stakes' }).click();
  await expect(panel.getByRole('button', { name: 'Update Expired Stakes' })).toBeVisible();
  await expect(panel.getByText('No active stakes')).toBeVisible();
  await page.getByRole('tab', { name: 'Completed Stakes' }).click();
  await expect(panel.getByText('No completed stakes')).toBeVisible();
  await page.getByRole('tab', { name: 'Admins' }).click();
  await expect(panel.getByRole('cell', { name: admin.username, exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Audit Log' }).click();
  await expect(panel.getByRole('columnheader', { name: 'Action' })).toBeVisible();
  await page.getByRole('tab', { name: 'Reconciliation' }).click();
  await expect(panel.getByRole('button', { name: 'Check again' })).toBeVisible();
  await expect(panel.getByText('Every deposit is recorded')).toBeVisible();
  await expect(panel.getByText('Could not read the chain')).toHaveCount(0);

  // CSV export goes to the bridge (main's save dialog).
  await page.getByRole('tab', { name: 'Withdrawals' }).click();
  await panel.getByRole('button', { name: 'Export CSV' }).click();
  await expect(toast(page, 'Export saved')).toBeVisible();
  const [[fileName, csv]] = callsOf(await stubState(page), 'saveCsv') as [[string, string]];
  expect(fileName).toBe('withdrawals.csv');
  expect(csv).toMatch(/^id,stake_id,wallet,kind,amount/);

  // Create a plan and see it.
  const planName = `Desktop Plan ${Date.now()}`;
  await page.getByRole('tab', { name: 'Staking Plans' }).click();
  await panel.getByRole('button', { name: 'Create Plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Staking Plan' });
  await dialog.getByLabel('Plan Name').fill(planName);
  await dialog.getByLabel('Yield Rate (%)').fill('12.5');
  await dialog.getByLabel('Duration (Days)').fill('45');
  await dialog.getByLabel('Min Stake Amount').fill('250');
  await dialog.getByLabel('Early Penalty (%)').fill('7');
  await dialog.getByLabel('Max Total Staked (optional)').fill('5000');
  await dialog.getByRole('button', { name: 'Create Plan' }).click();
  await expect(toast(page, 'Staking plan created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  const card = panel.getByRole('article', { name: planName });
  await expect(card).toContainText('12.5%');
  await expect(card).toContainText('45 days');
  await expect(card).toContainText('250 SDT');
  await expect(card).toContainText('Capacity5,000 SDT left of 5,000 SDT');
  await expect(page.locator('.ant-statistic', { hasText: 'Active Plans' })).toContainText('4');
  await screenshot(page, '4-plan-created');

  // A reload keeps the session: the token comes back from the bridge.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();

  // Server > Change server URL… shows the setup screen with the current server; Cancel goes back.
  await page.evaluate(() => window.__stakedeskMenuChangeServer?.());
  await expect(page.getByLabel('Server URL')).toHaveValue(serverURL);
  await screenshot(page, '5-change-server');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();

  const token = (await stubState(page)).token;
  const meWithThatToken = async () => (await fetch(`${serverURL}/api/admin/me`, { headers: { authorization: `Bearer ${token}` } })).status;
  expect(await meWithThatToken()).toBe(200);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(toast(page, 'Logged out successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  const loggedOut = await stubState(page);
  expect(loggedOut.token).toBeNull();
  expect(callsOf(loggedOut, 'tokenClear')).toHaveLength(1);
  // The server revoked it: a copy kept on this laptop is worthless.
  expect(await meWithThatToken()).toBe(401);
  await screenshot(page, '6-logged-out');

  expect(cspViolations).toEqual([]);
  const openToTheApp = (path: string) => path.startsWith('/api/admin/') || path.startsWith('/api/actions/') || path === '/api/health';
  expect([...apiPaths].filter((path) => !openToTheApp(path))).toEqual([]);
});
