import { expect, test, type Page } from '@playwright/test';
import { Connection, PublicKey } from '@solana/web3.js';
import { payoutUnderReview } from '../../web/e2e/support/payout-under-review.js';
import { installBridgeStub } from './support/bridge-stub.js';
import { keypairOf, readState } from './support/state.js';

// The desktop renderer as built, on the real server and test chain, shows the same payout state as
// the browser panel: a withdrawal whose payout landed in someone else's hands says why, and its
// owner resolves it there. Runs after the first-run test (a project of its own in the config),
// which needs the server as a fresh install has it.

const PASSWORD_CHECK = { timeout: 20_000 };
const short = (text: string) => `${text.slice(0, 4)}...${text.slice(-4)}`;
const toast = (page: Page, title: string) => page.locator('.ant-notification-notice').filter({ hasText: title });

async function login(username: string, password: string): Promise<string> {
  const response = await fetch(`${readState().serverURL}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`login: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

test('a payout under review: the desktop panel says why, and its owner resolves it with step-up', async ({ page }) => {
  test.setTimeout(120_000);
  const { appURL, serverURL, admin, chain } = readState();
  const token = await login(admin.username, admin.password);
  const { holder, accomplice, tokenAccount, payout } = await payoutUnderReview({
    baseURL: serverURL,
    adminToken: token,
    connection: new Connection(chain.rpcUrl, 'confirmed'),
    mint: new PublicKey(chain.mint),
    decimals: chain.decimals,
    stakingWallet: keypairOf(chain.stakingWalletSecretKey),
    mintAuthority: keypairOf(chain.mintAuthoritySecretKey),
  });
  const wallet = holder.publicKey.toBase58();
  // The server shares one treasury answer for 5 s (treasury.service.ts), which a page load of the
  // test before may have filled: the panel is opened once that answer counts the payout under review.
  await expect
    .poll(
      async () => {
        const treasury = await fetch(`${serverURL}/api/admin/treasury`, { headers: { authorization: `Bearer ${token}` } });
        return Number(((await treasury.json()) as { underReview: string }).underReview);
      },
      { timeout: 15_000 },
    )
    .toBe(270);
  const reason = `When the payout landed, the token account ${tokenAccount.toBase58()} belonged to ${accomplice.toBase58()}, not to the holder's wallet ${wallet}`;

  // Past the first run: the server chosen and the owner signed in (main keeps both across restarts).
  await installBridgeStub(page, serverURL);
  await page.addInitScript(
    ({ server, saved }) => {
      if (!sessionStorage.getItem('stakedesk-bridge-stub'))
        sessionStorage.setItem('stakedesk-bridge-stub', JSON.stringify({ serverUrl: server, token: saved, calls: [] }));
    },
    { server: serverURL, saved: token },
  );
  const apiPaths = new Set<string>();
  page.on('request', (request) => {
    if (request.url().startsWith(serverURL)) apiPaths.add(new URL(request.url()).pathname);
  });
  await page.goto(appURL);
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('tab', { name: 'Withdrawals' }).click();

  const row = page
    .getByRole('region', { name: 'Pending Withdrawals' })
    .getByRole('row')
    .filter({ hasText: short(wallet) });
  await expect(row).toContainText(`Needs review${reason}`);
  // No wallet extensions on the desktop (no Pay), and nothing may paste or reject it while it is under review.
  await expect(row.getByRole('button', { name: 'Pay', exact: true })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Process' })).toBeDisabled();
  await expect(row.getByRole('button', { name: 'Reject' })).toBeDisabled();
  await expect(page.getByRole('region', { name: 'Treasury Coverage' })).toContainText(
    "270 SDT left the staking wallet in payouts waiting for an owner's review.",
  );
  await page.screenshot({ path: test.info().outputPath('1-needs-review.png'), fullPage: true });

  await row.getByRole('button', { name: 'Resolve' }).click();
  const dialog = page.getByRole('dialog', { name: 'Resolve a payout under review' });
  await expect(dialog).toContainText(`Payout #${payout.id} landed but did not pay this withdrawal as owed:${reason}`);
  await expect(dialog.getByRole('radio', { name: /The holder was paid after all: record it as paid/ })).toBeVisible();
  await expect(dialog.getByRole('radio', { name: /Release it so it can be paid again/ })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('2-resolve-dialog.png') });

  // The owner found the holder was paid after all: the withdrawal completes with the payout's transaction.
  await dialog.getByRole('radio', { name: /record it as paid/ }).check();
  await dialog.getByLabel('Note').fill('The holder confirmed the account is theirs again and the tokens arrived.');
  await dialog.getByRole('button', { name: 'Resolve' }).click();
  const stepUp = page.getByRole('dialog', { name: 'Confirm this change' });
  await stepUp.getByLabel('Current password').fill(admin.password);
  await stepUp.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, 'Withdrawal recorded as paid')).toBeVisible(PASSWORD_CHECK);
  await expect(row).toHaveCount(0);
  const completed = page
    .getByRole('region', { name: 'Completed Withdrawals' })
    .getByRole('row')
    .filter({ hasText: short(wallet) });
  await expect(completed.getByRole('link', { name: `${payout.signature!.slice(0, 8)}...${payout.signature!.slice(-8)}` })).toBeVisible();

  // As everywhere on the desktop, the page only ever asked the server's admin API.
  expect([...apiPaths].filter((path) => !path.startsWith('/api/admin/') && path !== '/api/health')).toEqual([]);
});
