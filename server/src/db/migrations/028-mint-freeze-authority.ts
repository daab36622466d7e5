import type { MigrationContext } from '../migration-context.js';

export const name = '028-mint-freeze-authority';

/**
 * The staked mint's freeze authority, read with the rest of its profile (DESIGN 15): that wallet
 * can freeze any account of the mint, the staking wallet's included, so Token Config warns of it.
 * Null: the mint has none, or it was saved before this step (the next deposit intent reads it).
 */
export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`ALTER TABLE settings ADD COLUMN token_freeze_authority varchar(44);`);
}

export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql(`ALTER TABLE settings DROP COLUMN token_freeze_authority;`);
}
