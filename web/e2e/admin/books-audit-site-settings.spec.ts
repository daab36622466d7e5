import { randomBytes } from 'node:crypto';
import { Keypair } from '@solana/web3.js';
import bs58 from 'bs58';
import { withDatabase } from '../support/database.js';
import { AdminPanel, PASSWORD_CHECK } from '../support/admin-panel.js';
import { expectAccessible } from '../support/axe.js';
import { stakeThroughApi } from '../support/holder-api.js';
import { readState } from '../support/state.js';
import { expect, test } from '../support/test.js';

// An audit of the books against the chain (DESIGN 19) lists a stake whose amount was changed in the
// database by hand. It runs in the site-settings project, alone: the changed books are put back at
// the end, and meanwhile any audit of another test would list them too.
const PHONE = { width: 390, height: 844 };
const short = (text: string) => `${text.slice(0, 8)}...${text.slice(-8)}`;

test('Run audit lists a stake whose amount the database changed, with what the books and the chain say, in both languages', async ({
  page,
  holder,
}, testInfo) => {
  test.setTimeout(120_000);
  const { dataDir } = readState();
  const recorded = await stakeThroughApi(holder, 'Starter', 150);
  const setAmount = (amount: number) =>
    withDatabase(dataDir, (client) => client.query('UPDATE stakes SET amount = $2 WHERE id = $1', [recorded.id, amount]));
  await setAmount(175);
  try {
    const panel = new AdminPanel(page);
    await panel.open('Reconciliation');
    const section = panel.section('The books against the chain');
    await section.getByRole('button', { name: 'Run audit' }).click();
    // Over every deposit and payout of the whole browser run: in CI this whole test took 10 s.
    await expect(section).toContainText(/Audit #\d+ \(asked by an owner\) finished/, { timeout: 60_000 });
    const row = section.getByRole('row').filter({ hasText: short(recorded.txId!) });
    await expect(row).toContainText('Deposit differs');
    await expect(row.getByRole('cell').nth(2)).toContainText('175 SDT');
    await expect(row.getByRole('cell').nth(3)).toContainText('150 SDT');
    await expect(row).toContainText('To check: the books were changed');
    await expect(section).toContainText(/Audit #\d+ \(asked by an owner\) finished/);
    await expect(section).toContainText(/The books and the chain differ: \d+/);
    await expectAccessible(page, '[aria-labelledby="audits-title"]');
    await page.screenshot({ path: testInfo.outputPath('books-audit-1366.png'), fullPage: true });
    await page.setViewportSize(PHONE);
    await row.scrollIntoViewIfNeeded();
    await expectAccessible(page, '[aria-labelledby="audits-title"]');
    await page.screenshot({ path: testInfo.outputPath('books-audit-390.png'), fullPage: true });

    await panel.choose('Language', 'Português');
    const secao = panel.section('Os livros contra a blockchain');
    const linha = secao.getByRole('row').filter({ hasText: short(recorded.txId!) });
    await expect(linha).toContainText('Depósito diferente');
    await expect(secao.getByRole('columnheader', { name: 'Os livros dizem' })).toBeVisible();
    await expect(secao.getByRole('button', { name: 'Rodar auditoria' })).toBeVisible();
    await expect(secao).toContainText(/Auditoria #\d+ \(pedida por um proprietário\) terminada/);
    await expectAccessible(page, '[aria-labelledby="audits-title"]');
    await page.screenshot({ path: testInfo.outputPath('books-audit-pt-BR-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.screenshot({ path: testInfo.outputPath('books-audit-pt-BR-1366.png'), fullPage: true });
  } finally {
    await setAmount(150);
  }
});

test('a hold the audit put on a payout the books lack is listed under the audit, and an owner dismisses it with a note and a step-up, in both languages', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const { dataDir, admin } = readState();
  // A hold as the audit opens one (its payout need not be real for the tab): 250 tokens to a wallet no stake has.
  const signature = bs58.encode(randomBytes(64));
  const wallet = Keypair.generate().publicKey.toBase58();
  await withDatabase(dataDir, (client) =>
    client.query(
      `INSERT INTO books_audits (status, reason, finished_at, checked)
       SELECT 'finished', 'owner', now(), '{}' WHERE NOT EXISTS (SELECT 1 FROM books_audits WHERE status = 'finished')`,
    ),
  );
  const hold = (sql: string) => withDatabase(dataDir, (client) => client.query(sql, [signature, wallet]));
  await hold(
    `INSERT INTO audit_payout_holds (signature, wallet_address, payer, token_contract, amount, audit_id)
     SELECT $1, $2, $2, token_contract, 250, (SELECT max(id) FROM books_audits WHERE status = 'finished') FROM settings WHERE id = 1`,
  );
  try {
    const panel = new AdminPanel(page);
    await panel.open('Reconciliation');
    const section = panel.section('Payouts on chain that the books lack');
    const row = section.getByRole('row').filter({ hasText: short(signature) });
    await expect(row).toContainText('250 SDT');
    await expect(row.getByRole('button', { name: `Copy address ${wallet}` })).toBeVisible();
    await expect(section).toContainText(
      'No withdrawal of this wallet is paid, by one click or automatically, nor rejected, until this TXID is pasted',
    );
    await expectAccessible(page, '[aria-labelledby="audit-holds-title"]');
    await page.screenshot({ path: testInfo.outputPath('payout-holds-1366.png'), fullPage: true });

    await panel.choose('Language', 'Português');
    const secao = panel.section('Pagamentos na blockchain que faltam nos livros');
    await expect(
      secao
        .getByRole('row')
        .filter({ hasText: short(signature) })
        .getByRole('button', { name: 'Descartar' }),
    ).toBeVisible();
    await page.setViewportSize(PHONE);
    await expectAccessible(page, '[aria-labelledby="audit-holds-title"]');
    await page.screenshot({ path: testInfo.outputPath('payout-holds-pt-BR-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1366, height: 768 });
    await panel.choose('Idioma', 'English');

    await row.getByRole('button', { name: 'Dismiss' }).click();
    const dialog = await panel.openedDialog('Dismiss a payout hold');
    await expect(dialog).toContainText(wallet);
    await expect(dialog).toContainText('250 SDT');
    // Nothing is sent without a note.
    await dialog.getByRole('button', { name: 'Dismiss hold' }).click();
    await expect(dialog.getByText('Say in a note why the payout found on chain does not pay this holder')).toBeVisible();
    await expect(panel.stepUp()).toBeHidden();
    await dialog.getByLabel('Note').fill('Sent to the exchange for the market maker; ticket 7');
    await expect(dialog.getByText('Say in a note why the payout found on chain does not pay this holder')).toBeHidden();
    await expectAccessible(page, '.ant-modal');
    await dialog.getByRole('button', { name: 'Dismiss hold' }).click();
    await panel.confirmStepUp(admin.password);
    await expect(panel.toast('Hold dismissed')).toBeVisible(PASSWORD_CHECK);
    await expect(section).toBeHidden();

    await panel.openTab('Audit Log');
    await expect(panel.row(`Dismissed the hold on the payout found on chain in transaction ${signature}`).first()).toBeVisible();
  } finally {
    await hold(
      `UPDATE audit_payout_holds SET status = 'dismissed', note = 'test clean-up', resolved_at = now()
       WHERE signature = $1 AND wallet_address = $2 AND status = 'open'`,
    );
  }
});
