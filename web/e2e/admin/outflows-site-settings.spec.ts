import { Keypair } from '@solana/web3.js';
import { createAdmin, deleteAdmin, loginToken } from '../support/admin-api.js';
import { AdminPanel, PASSWORD_CHECK } from '../support/admin-panel.js';
import { expectAccessible } from '../support/axe.js';
import { payFromStakingWallet } from '../support/chain.js';
import { readState } from '../support/state.js';
import { expect, test } from '../support/test.js';

// An unexplained outflow stops automatic payouts for every test while it lasts, so this runs in the
// site-settings project, alone. The outflow is a real transfer out of the staking wallet on the test
// chain, signed with its key and recorded nowhere: the server finds it by following the wallet.
const PHONE = { width: 390, height: 844 };
const short = (text: string) => `${text.slice(0, 8)}...${text.slice(-8)}`;

test('an outflow the books do not explain is listed in Reconciliation until an owner explains it with a step-up', async ({
  page,
}, testInfo) => {
  // The follower looks every second, the tab every 15 s.
  test.setTimeout(120_000);
  const { admin, stakingWallet } = readState();
  const signature = await payFromStakingWallet(Keypair.generate().publicKey, 321);

  // A viewer sees it and what it stops, and that only an owner may explain it.
  const viewer = await createAdmin('viewer', 'outflow-viewer');
  const panel = new AdminPanel(page);
  try {
    await panel.open('Reconciliation', await loginToken(viewer));
    const section = panel.section('Outflows the books do not explain');
    const row = section.getByRole('row').filter({ hasText: short(signature) });
    await expect(row).toContainText('321 SDT', { timeout: 45_000 });
    await expect(row).toContainText('Awaiting explanation');
    await expect(section).toContainText('Automatic payouts are stopped until each is explained.');
    await expect(section).toContainText('Marking an outflow explained needs the owner role. Your role: Viewer.');
    await expect(section.getByRole('button', { name: 'Mark explained' })).toHaveCount(0);
  } finally {
    await deleteAdmin(viewer.id);
  }

  await panel.open('Reconciliation');
  const section = panel.section('Outflows the books do not explain');
  const row = section.getByRole('row').filter({ hasText: short(signature) });
  await expect(row).toContainText('321 SDT', { timeout: 30_000 });
  await expect(row.getByRole('button', { name: `Copy address ${stakingWallet}` })).toBeVisible();
  await expect(row.getByRole('link', { name: short(signature) })).toHaveAttribute(
    'href',
    `https://explorer.solana.com/tx/${signature}?cluster=devnet`,
  );
  await expectAccessible(page, '[aria-labelledby="outflows-title"]');
  await page.screenshot({ path: testInfo.outputPath('outflows-unexplained-1366.png'), fullPage: true });
  await page.setViewportSize(PHONE);
  // The status and its button stay in view on a phone, with the amount beside them.
  await row.scrollIntoViewIfNeeded();
  await expect(row.getByRole('button', { name: 'Mark explained' })).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: testInfo.outputPath('outflows-unexplained-390.png'), fullPage: true });

  await row.getByRole('button', { name: 'Mark explained' }).click();
  const dialog = await panel.openedDialog('Explain an outflow');
  await expect(dialog).toContainText(stakingWallet);
  await expect(dialog).toContainText('321 SDT');
  // Nothing is sent without a note.
  await dialog.getByRole('button', { name: 'Mark explained' }).click();
  await expect(dialog.getByText('Say in a note where these tokens went and how you checked it')).toBeVisible();
  await expect(panel.stepUp()).toBeHidden();
  const note = 'Moved to the new cold wallet after the key rotation; ticket 42';
  await dialog.getByLabel('Note').fill(note);
  await expect(dialog.getByText('Say in a note where these tokens went and how you checked it')).toBeHidden();
  await page.screenshot({ path: testInfo.outputPath('outflows-explain-390.png') });
  await page.setViewportSize({ width: 1366, height: 768 });
  await expectAccessible(page, '.ant-modal');
  await page.screenshot({ path: testInfo.outputPath('outflows-explain-1366.png') });
  await dialog.getByRole('button', { name: 'Mark explained' }).click();
  await panel.confirmStepUp(admin.password);
  await expect(panel.toast('Outflow marked explained')).toBeVisible(PASSWORD_CHECK);
  await expect(dialog).toBeHidden();

  await expect(row).toContainText('Explained');
  await expect(row).toContainText(`By ${admin.username}: ${note}`);
  await expect(row.getByRole('button', { name: 'Mark explained' })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('outflows-explained-1366.png'), fullPage: true });
  await page.setViewportSize(PHONE);
  await row.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('outflows-explained-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });

  await panel.openTab('Audit Log');
  await expect(panel.row(`Explained the outflow in transaction ${signature}`).first()).toBeVisible();
});
