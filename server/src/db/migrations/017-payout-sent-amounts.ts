import type { MigrationContext } from '../migration-context.js';

export const name = '017-payout-sent-amounts';

/**
 * What a payout sends each holder, in raw units: with a transfer fee that is more than they are
 * owed (grossed up so they receive exactly that). The staking account's tokens that open payouts
 * will take are counted at this amount, not at what the holders receive. Rows written before it
 * sent exactly what was owed.
 */
export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`ALTER TABLE payout_withdrawals ADD COLUMN sent_raw numeric(60, 0) CHECK (sent_raw > 0);`);
}

export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql(`ALTER TABLE payout_withdrawals DROP COLUMN sent_raw;`);
}
