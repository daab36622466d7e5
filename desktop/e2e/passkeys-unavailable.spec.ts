import { expect, test, type Page } from '@playwright/test';
import { SoftwarePasskey, type CreationOptions } from '@stakedesk/test-support/passkey-authenticator';
import { installBridgeStub } from './support/bridge-stub.js';
import { readState } from './support/state.js';
import { PASSWORD_CHECK } from '../../web/e2e/support/admin-panel.js';
import { freshCode } from '../../web/e2e/support/two-factor.js';

// The desktop app's pages are app://stakedesk's, where no passkey of the site answers (DESIGN 17):
// an admin with a passkey and two-factor codes signs in with a code there, and the panel says why
// passkeys are not offered.

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

const operator = {
  username: `desktop-passkey-${Date.now().toString(36)}`,
  email: 'passkey@desktop-e2e.example',
  password: 'passkey operator password, long enough',
};
let operatorId: number | undefined;

test.afterAll(async () => {
  const { admin } = readState();
  if (operatorId !== undefined)
    await api('DELETE', `/api/admin/admins/${operatorId}`, undefined, await login(admin.username, admin.password));
});

test('an admin with a passkey signs in with a code in the desktop app, which says passkeys cannot be used there', async ({ page }) => {
  const { appURL, serverURL, admin } = readState();
  const ownerToken = await login(admin.username, admin.password);
  operatorId = (await api<{ id: number }>('POST', '/api/admin/admins', { ...operator, currentPassword: admin.password }, ownerToken)).id;
  const token = await login(operator.username, operator.password);
  const { secret } = await api<{ secret: string }>('POST', '/api/admin/me/two-factor/setup', {}, token);
  await api('POST', '/api/admin/me/two-factor/enable', { code: await freshCode(secret) }, token);
  // A passkey made in a browser on the site itself.
  const options = await api<CreationOptions>('POST', '/api/admin/me/passkeys/options', undefined, token);
  const response = new SoftwarePasskey().register(options, { origin: serverURL });
  await api(
    'POST',
    '/api/admin/me/passkeys',
    { response, name: 'Browser laptop', currentPassword: operator.password, code: await freshCode(secret) },
    token,
  );

  await installBridgeStub(page, serverURL);
  await page.addInitScript((server) => {
    if (!sessionStorage.getItem('stakedesk-bridge-stub'))
      sessionStorage.setItem('stakedesk-bridge-stub', JSON.stringify({ serverUrl: server, token: null, calls: [] }));
  }, serverURL);
  await page.goto(appURL);
  await page.getByLabel('Username').fill(operator.username);
  await page.getByLabel('Password').fill(operator.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Passkeys cannot be used in this app: enter a code from your authenticator app.')).toBeVisible(
    PASSWORD_CHECK,
  );
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('1-sign-in-code.png'), fullPage: true });
  await page.getByLabel('Authentication code').fill(await freshCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(toast(page, 'Login successful')).toBeVisible(PASSWORD_CHECK);

  await page.getByRole('button', { name: /^My account/ }).click();
  const drawer = page.getByRole('dialog', { name: 'My account' });
  await expect(drawer.getByRole('status')).toContainText('Passkeys cannot be used here');
  await expect(drawer.getByRole('list', { name: 'Your passkeys' })).toContainText('Browser laptop');
  await expect(drawer.getByRole('button', { name: 'Add a passkey' })).toHaveCount(0);
  await drawer.getByRole('status').scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('2-account-passkeys.png') });
});
