import type { Locator } from '@playwright/test';
import { PublicKey, type Connection } from '@solana/web3.js';
import type { AdminPanel } from './admin-panel.js';

const MEMO_PROGRAM_ID = new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');

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
