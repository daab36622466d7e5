import type { MigrationContext } from '../migration-context.js';

export const name = '027-second-provider';

/**
 * Why the second RPC provider (SOLANA_VERIFY_RPC_URL, DESIGN 15) kept an open payout from being
 * called expired at its last look (`rpc_disagreement`, a coded message): the payout stays open
 * and automatic payouts stop while any open payout carries one. Null: no second provider, or it
 * agreed, or the payout was not yet due to expire.
 */
export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`ALTER TABLE payouts ADD COLUMN rpc_disagreement jsonb;`);
}

export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql(`ALTER TABLE payouts DROP COLUMN rpc_disagreement;`);
}
