import type { Locator, Page, TestInfo } from '@playwright/test';
import { PublicKey, type Connection } from '@solana/web3.js';
import type { AdminPanel } from './admin-panel.js';

const MEMO_PROGRAM_ID = new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');
const SIZES = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
];

/** The Reserves tab's row of snapshot `id`. */
export const snapshotRow = (panel: AdminPanel, id: number): Locator =>
  panel
    .panel()
    .getByRole('row')
    .filter({ has: panel.page.getByRole('cell', { name: `#${id}`, exact: true }) });

/** What the chain says of a landed transaction: its memos and the wallet that signed and paid for it. */
export async function memosOf(connection: Connection, signature: string): Promise<{ memos: string[]; signer: string }> {
  const found = await connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
  const keys = found!.transaction.message.staticAccountKeys;
  const memos = found!.transaction.message.compiledInstructions
    .filter((instruction) => keys[instruction.programIdIndex]!.equals(MEMO_PROGRAM_ID))
    .map((instruction) => Buffer.from(instruction.data).toString('utf8'));
  return { memos, signer: keys[0]!.toBase58() };
}

/** At desktop and phone width, kept as artifacts in web/test-results/<test>/: the whole page, and the tab close up. */
export async function shootBoth(page: Page, testInfo: TestInfo, name: string, part: Locator): Promise<void> {
  await page.mouse.move(0, 0);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${size.width}.png`), fullPage: true });
    await part.screenshot({ path: testInfo.outputPath(`${name}-${size.width}-close.png`) });
  }
  await page.setViewportSize(SIZES[0]!);
}
