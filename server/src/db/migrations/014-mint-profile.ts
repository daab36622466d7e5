import type { MigrationContext } from '../migration-context.js';

export const name = '014-mint-profile';

/**
 * What the staked mint is, read from the chain when the token contract is saved (DESIGN 12): its
 * program (classic SPL Token or Token-2022), decimals, extensions and the transfer fee in force
 * (`{basisPoints, maximumFee}` with the maximum as a decimal string of raw units; null when
 * transfers are free). Null program: not read yet (a contract saved before this step); the server
 * reads it at the next deposit intent.
 */
export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    ALTER TABLE settings
      ADD COLUMN token_program varchar(44),
      ADD COLUMN token_decimals smallint,
      ADD COLUMN token_extensions jsonb NOT NULL DEFAULT '[]',
      ADD COLUMN transfer_fee jsonb;
  `);
}

export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    ALTER TABLE settings DROP COLUMN token_program, DROP COLUMN token_decimals, DROP COLUMN token_extensions, DROP COLUMN transfer_fee;
  `);
}
