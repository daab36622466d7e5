import { createAdmin, deleteAdmin, enrolTwoFactor, loginToken, type TestAdmin } from '../support/admin-api.js';
import { AdminPanel, PASSWORD_CHECK } from '../support/admin-panel.js';
import { expectAccessible } from '../support/axe.js';
import { readState } from '../support/state.js';
import { freshCode } from '../support/two-factor.js';
import { expect, test } from '../support/test.js';

// One operator's two-factor life, in steps that each get their own time budget: enrolment from the
// panel (the secret read off the page), sign-in with a generated code, with a recovery code, and
// turning it off. A TOTP code is accepted once and three steps are within reach at a time, so this
// admin spends three codes (a recovery code signs in where the code is not the point) and none waits.
test.describe.serial('two-factor sign-in', () => {
  test.describe.configure({ timeout: 120_000 });
  let admin: TestAdmin & { id: number };
  let secret = '';
  let recoveryCodes: string[] = [];

  test.beforeAll(async () => {
    admin = await createAdmin('operator', 'twofactor');
  });
  test.afterAll(async () => {
    if (admin) await deleteAdmin(admin.id);
  });

  test('enrol from the own-account drawer: QR code, setup key, a code, then the recovery codes once', async ({ page }, testInfo) => {
    const panel = new AdminPanel(page);
    await panel.login(admin.username, admin.password);
    await expect(panel.toast('Login successful')).toBeVisible(PASSWORD_CHECK);
    await expect(page.getByRole('button', { name: `My account: ${admin.username}, Operator` })).toBeVisible();

    const drawer = await panel.openAccount();
    await expect(drawer.getByRole('row', { name: /Role/ })).toContainText('Operator');
    await expect(drawer.getByRole('row', { name: /Two-factor/ })).toContainText('Off');
    await drawer.getByRole('button', { name: 'Set up two-factor' }).click();
    await expect(drawer.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    secret = await drawer.getByLabel('Setup key', { exact: true }).inputValue();
    expect(secret).toMatch(/^[A-Z2-7]{16,}=*$/);
    await expectAccessible(page, '.ant-drawer');
    await page.screenshot({ path: testInfo.outputPath('enrol-1280.png') });

    await drawer.getByLabel('Code from your authenticator app').fill('000000');
    await drawer.getByRole('button', { name: 'Turn on two-factor' }).click();
    await expect(drawer.getByText('The two-factor code is wrong or was already used')).toBeVisible();

    await drawer.getByLabel('Code from your authenticator app').fill(await freshCode(secret));
    await drawer.getByRole('button', { name: 'Turn on two-factor' }).click();
    const list = drawer.getByRole('list', { name: 'Your recovery codes' });
    await expect(list.getByRole('listitem')).toHaveCount(10);
    recoveryCodes = await list.getByRole('listitem').allInnerTexts();
    await expect(drawer.getByText('Shown once: save these codes now')).toBeVisible();
    await expectAccessible(page, '.ant-drawer');
    await page.screenshot({ path: testInfo.outputPath('recovery-codes-1280.png') });

    const download = page.waitForEvent('download');
    await drawer.getByRole('button', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toBe('stakedesk-recovery-codes.csv');

    // Leaving needs a word that they are saved; after that they are gone for good.
    const done = drawer.getByRole('button', { name: 'Done' });
    await expect(done).toBeDisabled();
    await drawer.getByLabel('I have saved my recovery codes').check();
    await done.click();
    await expect(list).toHaveCount(0);
    await expect(drawer.getByRole('row', { name: /Two-factor/ })).toContainText('On');
    await expect(drawer.getByRole('button', { name: 'Turn off two-factor' })).toBeVisible();
  });

  test('sign in asks for the code after the password; a wrong code is refused on the field', async ({ page }, testInfo) => {
    const panel = new AdminPanel(page);
    await panel.login(admin.username, admin.password);
    await expect(page.getByText(`Two-factor sign-in is on for ${admin.username}.`)).toBeVisible(PASSWORD_CHECK);
    await expectAccessible(page, '.admin-login');
    await page.getByLabel('Authentication code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('The two-factor code is wrong or was already used')).toBeVisible(PASSWORD_CHECK);
    expect(await page.evaluate(() => localStorage.getItem('admin_token'))).toBeNull();
    await page.screenshot({ path: testInfo.outputPath('code-refused-1280.png') });

    await page.getByLabel('Authentication code').fill(await freshCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(panel.toast('Login successful')).toBeVisible(PASSWORD_CHECK);
    await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('admin_token'))).toMatch(/^ey/);
  });

  test('a recovery code signs in once', async ({ page }) => {
    const panel = new AdminPanel(page);
    const [recovery] = recoveryCodes;
    await panel.login(admin.username, admin.password, recovery!);
    await expect(panel.toast('Login successful')).toBeVisible(PASSWORD_CHECK);

    await page.getByRole('button', { name: 'Logout' }).click();
    await panel.login(admin.username, admin.password, recovery!);
    await expect(page.getByText('The two-factor code is wrong or was already used')).toBeVisible(PASSWORD_CHECK);
  });

  test('while wrong passwords from anyone hold the username, the password and a current code still sign in', async ({ page }) => {
    // An admin of its own: each authenticator code is accepted once, and the others' tests spend this one's.
    const held = await createAdmin('operator', 'twofactor-held');
    try {
      const { secret: heldSecret } = await enrolTwoFactor(await loginToken(held));
      const { baseURL } = readState();
      for (let i = 0; i < 5; i++) {
        const guess = await fetch(`${baseURL}/api/admin/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: held.username, password: `someone guessing ${i}` }),
        });
        expect(guess.status).toBe(401);
      }
      const panel = new AdminPanel(page);
      await panel.login(held.username, held.password);
      await expect(panel.toast('Login failed')).toContainText('Too many failed sign-ins for this account', PASSWORD_CHECK);
      await expect(page.getByText(`Sign-ins for ${held.username} are paused after repeated failures.`)).toBeVisible();
      await page.getByLabel('Authentication code').fill(await freshCode(heldSecret));
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(panel.toast('Login successful')).toBeVisible(PASSWORD_CHECK);
      await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
    } finally {
      await deleteAdmin(held.id);
    }
  });

  test('turning it off needs the password and a current code', async ({ page }) => {
    const panel = new AdminPanel(page);
    // Signed in with another recovery code: the authenticator's codes are kept for the step-up.
    await panel.open(undefined, await loginToken({ username: admin.username, password: admin.password, code: recoveryCodes[1]! }));
    const drawer = await panel.openAccount();
    const code = await freshCode(secret);
    await drawer.getByLabel('Current password').first().fill('not the password');
    await drawer.getByLabel('Authentication code').fill(code);
    await drawer.getByRole('button', { name: 'Turn off two-factor' }).click();
    await expect(panel.toast('Two-factor not turned off')).toBeVisible(PASSWORD_CHECK);

    // A mistyped password did not use the code up: the same code, with the password, turns it off.
    await drawer.getByLabel('Current password').first().fill(admin.password);
    await drawer.getByLabel('Authentication code').fill(code);
    await drawer.getByRole('button', { name: 'Turn off two-factor' }).click();
    await expect(panel.toast('Two-factor sign-in is off')).toBeVisible(PASSWORD_CHECK);
    await expect(drawer.getByRole('row', { name: /Two-factor/ })).toContainText('Off');
    await expect(drawer.getByRole('button', { name: 'Set up two-factor' })).toBeVisible();
  });
});
