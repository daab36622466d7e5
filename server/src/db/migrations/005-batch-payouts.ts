import type { MigrationContext } from '../migration-context.js';

export const name = '005-batch-payouts';

/**
 * One payout transaction may pay several holders at once. What it sends one holder's wallet pays
 * at most one withdrawal: the database refuses a second withdrawal completed with the same
 * (transaction, wallet), whichever admin submits it and however close together.
 */
export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    ALTER TABLE withdrawals DROP CONSTRAINT withdrawals_tx_id_key;
    CREATE UNIQUE INDEX withdrawals_one_per_payout_transfer ON withdrawals (tx_id, wallet_address) WHERE tx_id IS NOT NULL;
  `);
}

export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    DROP INDEX withdrawals_one_per_payout_transfer;
    ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_tx_id_key UNIQUE (tx_id);
  `);
}
