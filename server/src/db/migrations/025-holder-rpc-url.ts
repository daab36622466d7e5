import type { MigrationContext } from '../migration-context.js';

export const name = '025-holder-rpc-url';

/**
 * The chain endpoint holders' browsers read for the proof of reserves (DESIGN 15), which the
 * operator's server never stands in for. '' means the cluster's public endpoint.
 */
export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`ALTER TABLE settings ADD COLUMN holder_rpc_url varchar(500) NOT NULL DEFAULT '';`);
}

export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql(`ALTER TABLE settings DROP COLUMN holder_rpc_url;`);
}
