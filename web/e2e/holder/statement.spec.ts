import { readFile } from 'node:fs/promises';
import { requestWithdrawal, stakeThroughApi } from '../support/holder-api.js';
import { HolderPages } from '../support/holder-pages.js';
import { expect, test } from '../support/test.js';

test('statement: the dashboard downloads a CSV of the holder’s stakes, rewards and withdrawals', async ({ page, holder }) => {
  const kept = await stakeThroughApi(holder, 'Starter', 300);
  const withdrawn = await stakeThroughApi(holder, 'Starter', 1000);
  const early = await requestWithdrawal(holder, withdrawn);
  const holderPages = new HolderPages(page);
  await holderPages.connectFromLanding();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download statement (CSV)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^statement-${holder.publicKey.toBase58().slice(0, 8)}-\\d{4}-\\d{2}-\\d{2}\\.csv$`),
  );
  const csv = await readFile(await download.path(), 'utf8');

  // Starter: 5% reward, 10% early penalty. The early withdrawal forfeits the reward (the stake's row
  // lists the reward still due: none) and pays 900.
  expect(csv.split('\r\n')).toEqual([
    'date,record,id,stake_id,plan,amount,reward,penalty,final_amount,status,ends_at,closed_at,tx_id',
    `${kept.createdAt},stake,${kept.id},${kept.id},Starter,300,15,,,active,${kept.endsAt},,${kept.txId}`,
    `${withdrawn.createdAt},stake,${withdrawn.id},${withdrawn.id},Starter,1000,0,,,pending_withdrawal,${withdrawn.endsAt},,${withdrawn.txId}`,
    `${early.requestedAt},withdrawal,${early.id},${withdrawn.id},Starter,1000,0,100,900,pending,,,`,
    '',
  ]);
});
