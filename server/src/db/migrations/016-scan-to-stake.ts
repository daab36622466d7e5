import type { MigrationContext } from '../migration-context.js';

export const name = '016-scan-to-stake';

/**
 * Scan to stake (DESIGN 12): a deposit intent made on a page with no wallet (a phone's in-app
 * browser) names no wallet; the first valid transfer carrying its reference before it expires
 * records a stake for the wallet that sent it.
 */
export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`ALTER TABLE deposit_intents ALTER COLUMN wallet_address DROP NOT NULL;`);
}

export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    DELETE FROM deposit_intents WHERE wallet_address IS NULL;
    ALTER TABLE deposit_intents ALTER COLUMN wallet_address SET NOT NULL;
  `);
}
