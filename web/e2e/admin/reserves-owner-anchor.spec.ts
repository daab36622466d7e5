import type { ReservesSnapshot } from '@stakedesk/shared/reserves/snapshot';
import { shortenTxId } from '@stakedesk/shared/shorten';
import { AdminPanel } from '../support/admin-panel.js';
import { expectAccessible, seriousViolations } from '../support/axe.js';
import { connection } from '../support/chain.js';
import { installFakePhantom } from '../support/fake-phantom.js';
import { memosOf, snapshotRow } from '../support/reserves-tab.js';
import { expect as baseExpect, test as base } from '../support/test.js';
import { startToken2022World, type Token2022World } from '../support/token-2022-world.js';
import { shootBoth } from '../support/widths.js';

/**
 * Without a payout signer an owner anchors a snapshot with the staking wallet, as a payout is paid
 * in one click: the server prepares the anchor, the wallet only signs it, the server checks,
 * sends and records it. Its own server with no signer, on a Token-2022 mint with a transfer fee.
 */
const test = base.extend<object, { world: Token2022World }>({
  world: [
    async ({}, use) => {
      const world = await startToken2022World();
      try {
        await use(world);
      } finally {
        await world.stop();
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ world }, use) => use(world.baseURL),
});

const expect = baseExpect.configure({ timeout: 20_000 });
test.use({ walletInstalled: false });
test.describe.configure({ timeout: 180_000 });

test('an owner takes a snapshot, signs its anchor with the staking wallet, and sees the anchor link', async ({ page, world }, testInfo) => {
  const wallet = await installFakePhantom(page, world.stakingWallet);
  const panel = new AdminPanel(page);
  await panel.open('Reserves', await world.adminToken());
  await expect(panel.panel().getByText('No snapshot yet')).toBeVisible();

  const taken = page.waitForResponse(
    (response) => response.url().endsWith('/api/admin/reserves/snapshots') && response.request().method() === 'POST',
  );
  await panel.panel().getByRole('button', { name: 'Take snapshot' }).click();
  const snapshot = (await (await taken).json()) as ReservesSnapshot;
  const row = snapshotRow(panel, snapshot.id);
  await expect(row).toContainText('Not anchored');
  await expect(row).toContainText('Nothing owed');
  const sign = row.getByRole('button', { name: `Sign anchor of snapshot #${snapshot.id}` });
  await expect(sign).toHaveText('Sign anchor');
  expect(await seriousViolations(page, 'reserves tab, not anchored')).toEqual([]);
  await expectAccessible(page, '[role="tabpanel"]');
  await shootBoth(page, testInfo, 'reserves-not-anchored', panel.panel());

  await sign.click();

  await expect(panel.toast('Snapshot anchored')).toBeVisible();
  const anchor = row.getByRole('link');
  await expect(anchor).toBeVisible();
  const signature = (await anchor.getAttribute('title'))!;
  await expect(anchor).toHaveText(shortenTxId(signature));
  await expect(row).not.toContainText('Not anchored');
  // The wallet signed once and sent nothing: the server sent it, with the root in a memo the staking wallet signed.
  expect(wallet.requests.filter((request) => request.op === 'signTransaction')).toHaveLength(1);
  expect(wallet.requests.filter((request) => request.op === 'signAndSendTransaction')).toHaveLength(0);
  expect(await memosOf(connection(), signature)).toEqual({ memos: [snapshot.root], signer: world.stakingWallet.publicKey.toBase58() });
  await page.mouse.move(0, 0);
  await expect(panel.toast('Snapshot anchored')).toBeHidden();
  await shootBoth(page, testInfo, 'reserves-anchored-by-owner', panel.panel());
});
