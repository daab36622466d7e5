import type { ReservesSnapshot } from '@stakedesk/shared/reserves/snapshot';
import { shortenTxId } from '@stakedesk/shared/shorten';
import { AdminPanel } from '../support/admin-panel.js';
import { expectAccessible, seriousViolations } from '../support/axe.js';
import { connection } from '../support/chain.js';
import { stakeThroughApi } from '../support/holder-api.js';
import { memosOf, snapshotRow } from '../support/reserves-tab.js';
import { readState } from '../support/state.js';
import { expect as baseExpect, test } from '../support/test.js';
import { shootBoth } from '../support/widths.js';

// The run's server has a payout signer: it anchors each snapshot by itself from the hot wallet.
const expect = baseExpect.configure({ timeout: 20_000 });
test.use({ walletInstalled: false });
test.describe.configure({ timeout: 120_000 });

test('an owner takes a snapshot; the server anchors it from the hot wallet and the panel links the anchor', async ({
  page,
  holder,
}, testInfo) => {
  await stakeThroughApi(holder, 'Starter', 1000);
  const panel = new AdminPanel(page);
  const taken = page.waitForResponse(
    (response) => response.url().endsWith('/api/admin/reserves/snapshots') && response.request().method() === 'POST',
  );
  await panel.open('Reserves');
  await expect(panel.panel().getByRole('heading', { name: 'Proof of Reserves' })).toBeVisible();

  await panel.panel().getByRole('button', { name: 'Take snapshot' }).click();
  const snapshot = (await (await taken).json()) as ReservesSnapshot;
  await expect(panel.toast('Snapshot taken')).toBeVisible();

  const row = snapshotRow(panel, snapshot.id);
  await expect(row).toBeVisible();
  await expect(row.getByRole('button', { name: `Copy root ${snapshot.root}` })).toHaveText(
    `${snapshot.root.slice(0, 4)}...${snapshot.root.slice(-4)}`,
  );
  const anchor = row.getByRole('link');
  await expect(anchor).toBeVisible();
  const signature = (await anchor.getAttribute('title'))!;
  await expect(anchor).toHaveText(shortenTxId(signature));
  await expect(row).not.toContainText('Not anchored');
  // On chain: the root in a memo the hot wallet signed.
  expect(await memosOf(connection(), signature)).toEqual({ memos: [snapshot.root], signer: readState().hotWallet });

  expect(await seriousViolations(page, 'reserves tab')).toEqual([]);
  await expectAccessible(page, '[role="tabpanel"]');
  await shootBoth(page, testInfo, 'reserves-anchored-by-signer', panel.panel());
});
