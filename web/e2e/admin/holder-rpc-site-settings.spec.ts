import { setHolderRpcUrl } from '../support/admin-api.js';
import { AdminPanel, PASSWORD_CHECK } from '../support/admin-panel.js';
import { readState } from '../support/state.js';
import { expect, test } from '../support/test.js';

// The chain endpoint holders' browsers read the proof of reserves from (DESIGN 15; the run's cluster is devnet). Every holder's
// dashboard reads it, so this runs in the site-settings project, alone, and puts it back.
test.describe.configure({ mode: 'serial' });

const publicEndpoint = async () =>
  ((await (await fetch(`${readState().baseURL}/api/settings`)).json()) as { holderRpcUrl: string }).holderRpcUrl;

test.afterAll(async () => {
  await setHolderRpcUrl(readState().rpcUrl);
});

test("an owner sets the holders' chain endpoint with a step-up; never this server's own", async ({ page }, testInfo) => {
  // Two password checks (bcrypt, cost 12) on a loaded machine, as the staking wallet's step-up test allows for.
  test.setTimeout(120_000);
  const { rpcUrl, baseURL, admin } = readState();
  const panel = new AdminPanel(page);
  await panel.open();
  const field = page.getByLabel("Holders' chain endpoint (proof of reserves)");
  await expect(field).toHaveValue(rpcUrl);
  await expect(
    page.getByText("Holders' browsers read the proof of reserves' anchor and balances here, never through this server."),
  ).toContainText('(https://api.devnet.solana.com)');
  await field.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('holder-rpc-field-1366.png') });

  // The server's RPC relay: refused on the field before any password is asked.
  await field.fill(`${baseURL}/api/rpc`);
  await page.getByRole('button', { name: 'Update Settings' }).click();
  // On the field, and in the toast that says nothing was saved.
  const refusal = "The holders' chain endpoint cannot be this server or its RPC relay (/api/rpc)";
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(`^${refusal.replace(/[().]/g, '\\$&')}`));
  await expect(panel.toast('Failed to update settings')).toContainText(refusal);
  await expect(panel.stepUp()).toBeHidden();
  expect(await publicEndpoint()).toBe(rpcUrl);

  // Blank: the cluster's public endpoint, named in the step-up dialog, confirmed with the password.
  await field.fill('');
  await page.getByRole('button', { name: 'Update Settings' }).click();
  const dialog = panel.stepUp();
  await expect(dialog).toBeVisible(PASSWORD_CHECK);
  await expect(dialog.getByRole('term')).toHaveText("Holders' chain endpoint (proof of reserves)");
  await expect(dialog.getByRole('definition').nth(0)).toHaveText(`Now: ${rpcUrl}`);
  await expect(dialog.getByRole('definition').nth(1)).toHaveText('Becomes: https://api.devnet.solana.com');
  await panel.confirmStepUp(admin.password);
  await expect(panel.toast('Settings updated successfully')).toBeVisible(PASSWORD_CHECK);
  expect(await publicEndpoint()).toBe('https://api.devnet.solana.com');
});
