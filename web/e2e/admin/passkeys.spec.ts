import { Keypair } from '@solana/web3.js';
import type { SoftwarePasskey } from '@stakedesk/test-support/passkey-authenticator';
import { AdminPanel, PASSWORD_CHECK } from '../support/admin-panel.js';
import { expectAccessible } from '../support/axe.js';
import { startPasskeyWorld, startPhishingProxy, type PasskeyWorld, type WorldAdmin } from '../support/passkey-world.js';
import { test as base, expect } from '../support/test.js';
import { freshCode } from '../support/two-factor.js';
import { virtualAuthenticator } from '../support/virtual-authenticator.js';

// Passkeys (DESIGN 17) in Chromium with its virtual authenticator, on a Stakedesk of their own at
// http://localhost:<port> (a passkey's relying party is a host name; the run's server is 127.0.0.1).
const test = base.extend<object, { world: PasskeyWorld }>({
  world: [
    async ({}, use) => {
      const world = await startPasskeyWorld();
      await use(world);
      await world.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ world }, use) => use(world.baseURL),
});

test.describe.serial('passkeys', () => {
  test.describe.configure({ timeout: 120_000 });
  let laptopOperator: WorldAdmin;
  let phished: WorldAdmin;
  let codeOwner: WorldAdmin;
  let codeOperator: WorldAdmin;
  let rootPasskey: SoftwarePasskey;

  test.beforeAll(async ({ world }) => {
    // Made while the world's owner still confirms with its password alone.
    const proof = { currentPassword: world.root.password };
    laptopOperator = await world.createAdmin('operator', 'laptop', proof);
    phished = await world.createAdmin('operator', 'phished', proof);
    codeOwner = await world.createAdmin('owner', 'code-owner', proof);
    codeOperator = await world.createAdmin('operator', 'code-operator', proof);
    rootPasskey = await world.addPasskey(world.root, proof, 'Owner key');
  });

  async function signInWithPassword(page: AdminPanel['page'], admin: WorldAdmin) {
    await page.getByLabel('Username').fill(admin.username);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Login' }).click();
  }

  test('an admin adds a passkey in the panel, signs out, and signs in with it', async ({ page }, testInfo) => {
    const authenticator = await virtualAuthenticator(page);
    const panel = new AdminPanel(page);
    await panel.login(laptopOperator.username, laptopOperator.password);
    await expect(panel.toast('Login successful')).toBeVisible(PASSWORD_CHECK);

    const drawer = await panel.openAccount();
    await expect(drawer.getByText('No passkey yet.')).toBeVisible();
    await drawer.getByLabel('Name for a new passkey').fill('Work laptop');
    await drawer.getByRole('button', { name: 'Add a passkey' }).click();
    // Adding one is a step-up change: with no second factor yet, the password confirms it.
    await panel.confirmStepUp(laptopOperator.password);
    await expect(panel.toast('Passkey added')).toBeVisible(PASSWORD_CHECK);
    const list = drawer.getByRole('list', { name: 'Your passkeys' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).toContainText('Work laptop');
    await expect(list).toContainText('never used');
    // The passkey lives in the browser's authenticator, made for the site's host.
    const [made] = await authenticator.credentials();
    expect(made?.rpId).toBe('localhost');

    await list.getByRole('button', { name: 'Rename the passkey Work laptop' }).click();
    await drawer.getByLabel('New name').fill('Office laptop');
    await drawer.getByRole('button', { name: 'Save name' }).click();
    await expect(panel.toast('Passkey renamed')).toBeVisible();
    await expect(list).toContainText('Office laptop');
    await expect(drawer.getByRole('row', { name: /Passkeys/ })).toContainText('1');
    await expectAccessible(page, '.ant-drawer');
    await drawer.getByText('Office laptop').scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('passkeys-card-1366.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await drawer.getByText('Office laptop').scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('passkeys-card-390.png') });
    await page.setViewportSize({ width: 1366, height: 768 });
    await drawer.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Logout' }).click();
    await signInWithPassword(page, laptopOperator);
    await expect(page.getByText(`${laptopOperator.username} signs in with a passkey.`)).toBeVisible(PASSWORD_CHECK);
    // A passkey is this account's only second factor: no code is asked for.
    await expect(page.getByLabel('Authentication code')).toHaveCount(0);
    await page.mouse.move(0, 0); // the pointer left over a button would read as its hover colours
    await expectAccessible(page, '.admin-login');
    await page.screenshot({ path: testInfo.outputPath('sign-in-passkey-1366.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: testInfo.outputPath('sign-in-passkey-390.png') });
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(panel.toast('Login successful')).toBeVisible(PASSWORD_CHECK);
    expect((await authenticator.credentials())[0]?.signCount).toBe(made!.signCount + 1);
    const reopened = await panel.openAccount();
    await expect(reopened.getByRole('list', { name: 'Your passkeys' })).toContainText('last used');
  });

  test('the owner confirms a staking-wallet change with the passkey; with a second owner it waits for their approval', async ({
    page,
    world,
  }, testInfo) => {
    const authenticator = await virtualAuthenticator(page);
    await authenticator.add(rootPasskey);
    const panel = new AdminPanel(page);
    await panel.login(world.root.username, world.root.password);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(panel.toast('Login successful')).toBeVisible(PASSWORD_CHECK);

    const newWallet = Keypair.generate().publicKey.toBase58();
    await page.getByLabel('Staking Wallet Address').fill(newWallet);
    await page.getByRole('button', { name: 'Update Settings' }).click();
    const dialog = panel.stepUp();
    await expect(dialog).toBeVisible(PASSWORD_CHECK);
    await expect(dialog.getByText('Confirm it with your current password and your passkey.')).toBeVisible();
    await expect(dialog.getByLabel('Two-factor code')).toHaveCount(0);
    await dialog.getByLabel('Current password').fill(world.root.password);
    await expectAccessible(page, '.ant-modal');
    await page.screenshot({ path: testInfo.outputPath('step-up-passkey-1366.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: testInfo.outputPath('step-up-passkey-390.png') });
    await page.setViewportSize({ width: 1366, height: 768 });
    await dialog.getByRole('button', { name: 'Confirm with a passkey' }).click();
    // The passkey confirmed the save; code-owner is a second owner, so the new wallet is asked for, not made (DESIGN 17).
    await expect(panel.toast('Waiting for another owner')).toBeVisible(PASSWORD_CHECK);
    const asked = await world.api<{ changes: { field: string; to: string }[]; requestedBy: { username: string } }[]>(
      'GET',
      '/api/admin/change-requests?status=pending',
      undefined,
      world.root.token,
    );
    expect(asked.body).toMatchObject([
      { changes: [{ field: 'stakingWallet', to: newWallet }], requestedBy: { username: world.root.username } },
    ]);
    expect((await world.api<{ stakingWallet: string }>('GET', '/api/settings')).body.stakingWallet).not.toBe(newWallet);
    // Signing in was one use of the passkey (added to the authenticator at 0), the step-up another.
    const [used] = await authenticator.credentials();
    expect(used?.signCount).toBe(2);
    // The server checks counters: the next page's authenticator must carry on from here.
    rootPasskey.signCount = used!.signCount;
  });

  test('a phishing proxy on another origin relays the sign-in, and the server refuses the passkey answer it gets', async ({
    page,
    world,
  }, testInfo) => {
    const passkey = await world.addPasskey(phished, { currentPassword: phished.password }, 'Phished laptop');
    const authenticator = await virtualAuthenticator(page);
    await authenticator.add(passkey);
    const proxy = await startPhishingProxy(world.baseURL);
    try {
      // The look-alike address: same host name, another port, so another origin. It relays
      // everything, the server's passkey options included, and the password typed into it.
      await page.goto(`${proxy.url}/admin`);
      await signInWithPassword(page, phished);
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      const refusal = page.getByRole('alert');
      await expect(refusal).toContainText(`This passkey answer was made on another site (${proxy.url}), not on this one`, PASSWORD_CHECK);
      // The browser did answer (the passkey was used once), bound to the proxy's origin: the server said no.
      expect((await authenticator.credentials())[0]?.signCount).toBe(1);
      expect(await page.evaluate(() => localStorage.getItem('admin_token'))).toBeNull();
      await page.mouse.move(0, 0); // the pointer left over a button would read as its hover colours
      await expectAccessible(page, '.admin-login');
      await page.screenshot({ path: testInfo.outputPath('phishing-refused-1366.png') });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: testInfo.outputPath('phishing-refused-390.png') });
      await page.setViewportSize({ width: 1366, height: 768 });
    } finally {
      await proxy.close();
    }

    // The same passkey on the site's own address signs in: only the origin was wrong.
    const panel = new AdminPanel(page);
    await panel.login(phished.username, phished.password);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(panel.toast('Login successful')).toBeVisible(PASSWORD_CHECK);
  });

  test("with passkeys required of owners, an owner's TOTP code is refused and an operator's is not", async ({ page, world }, testInfo) => {
    const ownerSecret = await world.enrolTotp(codeOwner);
    const ownerPasskey = await world.addPasskey(codeOwner, { currentPassword: codeOwner.password, code: await freshCode(ownerSecret) });
    const operatorSecret = await world.enrolTotp(codeOperator);

    // The world's owner turns it on in the panel: every owner has a passkey now.
    const authenticator = await virtualAuthenticator(page);
    await authenticator.add(rootPasskey);
    const panel = new AdminPanel(page);
    await panel.login(world.root.username, world.root.password);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(panel.toast('Login successful')).toBeVisible(PASSWORD_CHECK);
    await page.getByRole('switch', { name: 'Require passkeys for owners' }).click();
    await page.getByRole('button', { name: 'Update Settings' }).click();
    await expect(panel.toast('Settings updated successfully')).toBeVisible(PASSWORD_CHECK);
    await page.getByRole('button', { name: 'Logout' }).click();

    // The owner: the password step answers that only a passkey will do; no code field is offered.
    await signInWithPassword(page, codeOwner);
    await expect(page.getByText(`${codeOwner.username} signs in with a passkey.`)).toBeVisible(PASSWORD_CHECK);
    await expect(page.getByText('Owners sign in and confirm changes with a passkey here: codes are not accepted')).toBeVisible();
    await expect(page.getByLabel('Authentication code')).toHaveCount(0);
    await page.mouse.move(0, 0); // the pointer left over a button would read as its hover colours
    await expectAccessible(page, '.admin-login');
    await page.screenshot({ path: testInfo.outputPath('owner-passkey-only-1366.png') });
    // A current code sent anyway, as a relaying proxy would: refused, saying why.
    const byCode = await world.api('POST', '/api/admin/login', {
      username: codeOwner.username,
      password: codeOwner.password,
      code: await freshCode(ownerSecret),
    });
    expect(byCode.status).toBe(401);
    expect(byCode.body).toMatchObject({ code: 'passkeyRequiredForOwners', passkeyRequired: true });
    await authenticator.add(ownerPasskey);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(panel.toast('Login successful')).toBeVisible(PASSWORD_CHECK);
    await page.getByRole('button', { name: 'Logout' }).click();

    // An operator still signs in with a code.
    await panel.login(codeOperator.username, codeOperator.password, () => freshCode(operatorSecret));
    await expect(panel.toast('Login successful')).toBeVisible(PASSWORD_CHECK);
  });
});
