import { Keypair } from '@solana/web3.js';
import { expect, test, type Page } from '@playwright/test';
import { callsOf, installBridgeStub, stubState } from './support/bridge-stub.js';
import { readState } from './support/state.js';

// The desktop renderer signed in as the run's owner, while another owner asks to change the staking
// wallet through the API (with two owners it waits for the other's approval, DESIGN 17): the panel
// says so, and the bridge is asked for a native notification.

const PASSWORD_CHECK = { timeout: 20_000 };
const toast = (page: Page, title: string) => page.locator('.ant-notification-notice').filter({ hasText: title });

async function api<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${readState().serverURL}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}
const login = async (username: string, password: string) =>
  (await api<{ token: string }>('POST', '/api/admin/login', { username, password })).token;

type Settings = { tokenName: string; tokenSymbol: string; tokenContract: string; stakingWallet: string };
const other = {
  username: `desktop-other-${Date.now().toString(36)}`,
  email: 'other@desktop-e2e.example',
  password: 'other owner password, long enough',
};
let otherId: number | undefined;
let requestId: number | undefined;

test.afterAll(async () => {
  const { admin } = readState();
  const token = await login(admin.username, admin.password);
  if (requestId !== undefined) await api('DELETE', `/api/admin/change-requests/${requestId}`, { currentPassword: admin.password }, token);
  if (otherId !== undefined) {
    // Removing another owner would itself wait for approval (DESIGN 17): the other owner steps down first.
    const otherToken = await login(other.username, other.password);
    await api(
      'PUT',
      `/api/admin/admins/${otherId}`,
      { username: other.username, email: other.email, role: 'operator', currentPassword: other.password },
      otherToken,
    );
    await api('DELETE', `/api/admin/admins/${otherId}`, undefined, token);
  }
});

test("another owner's step-up change request reaches the desktop panel as a toast and a native notification", async ({ page }) => {
  const { appURL, serverURL, admin } = readState();
  await installBridgeStub(page, serverURL);
  // Past the first run: the server is already chosen (the stub's state survives reloads, as main's does).
  await page.addInitScript((server) => {
    if (!sessionStorage.getItem('stakedesk-bridge-stub'))
      sessionStorage.setItem('stakedesk-bridge-stub', JSON.stringify({ serverUrl: server, token: null, calls: [] }));
  }, serverURL);
  await page.goto(appURL);

  await page.getByLabel('Username').fill(admin.username);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(toast(page, 'Login successful')).toBeVisible(PASSWORD_CHECK);
  // The same panel as the browser's, with the role it knows from the login.
  await expect(page.getByRole('button', { name: `My account: ${admin.username}, Owner` })).toBeVisible();
  await expect(page.getByText('Live', { exact: true })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('tab', { name: 'Admins' }).click();
  await expect(page.getByRole('tabpanel').getByRole('columnheader', { name: 'Role' })).toBeVisible();
  await expect(page.getByRole('tabpanel').getByRole('columnheader', { name: 'Two-factor' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('1-admins.png'), fullPage: true });

  // Elsewhere: the run's owner creates a second owner (a step-up change of its own, announced to no
  // one but this same admin, so not shown here), who then asks to point staking at a new wallet.
  const ownerToken = await login(admin.username, admin.password);
  const original = await api<Settings>('GET', '/api/admin/settings', undefined, ownerToken);
  otherId = (
    await api<{ id: number }>('POST', '/api/admin/admins', { ...other, role: 'owner', currentPassword: admin.password }, ownerToken)
  ).id;
  const otherToken = await login(other.username, other.password);
  const newWallet = Keypair.generate().publicKey.toBase58();
  const { tokenName, tokenSymbol, tokenContract } = original;
  const asked = await api<{ changeRequest: { id: number } }>(
    'PUT',
    '/api/admin/settings',
    { tokenName, tokenSymbol, tokenContract, stakingWallet: newWallet, currentPassword: other.password },
    otherToken,
  );
  requestId = asked.changeRequest.id;

  const body = `Request #${requestId} waits for another owner's approval: see Requests.`;
  const notice = toast(page, `Change asked for by ${other.username}`);
  await expect(notice).toContainText(body);
  await expect
    .poll(async () => callsOf(await stubState(page), 'notify'))
    .toContainEqual([{ title: `Change asked for by ${other.username}`, body }]);
  // What changed is refetched: the new admin in the table, the request with both wallets; the form keeps the wallet in force.
  await expect(page.getByRole('tabpanel').getByRole('cell', { name: other.username, exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Requests' }).click();
  const request = page.getByRole('tabpanel').getByLabel(`Request #${requestId}`);
  await expect(request).toContainText(original.stakingWallet);
  await expect(request).toContainText(newWallet);
  await page.getByRole('tab', { name: 'Token Config' }).click();
  await expect(page.getByLabel('Staking Wallet Address')).toHaveValue(original.stakingWallet);
  await page.screenshot({ path: test.info().outputPath('2-security-notice.png'), fullPage: true });
});
