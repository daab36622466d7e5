import { withDatabase } from '../support/database.js';
import { AdminPanel } from '../support/admin-panel.js';
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
    const row = section.getByRole('row').filter({ hasText: short(recorded.txId!) });
    await expect(row).toContainText('Deposit differs', { timeout: 60_000 });
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
