import type { MigrationContext } from '../migration-context.js';

export const name = '033-withdrawal-approvals';

/**
 * Four eyes on large withdrawals (DESIGN 17): the threshold (whole tokens; null for none) and, on
 * each withdrawal, who approved it. The approver's name is kept beside the id so the record reads
 * the same after that admin is deleted; approved_at alone says whether it was approved.
 */
export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    ALTER TABLE settings ADD COLUMN approval_threshold numeric(38, 8) CHECK (approval_threshold >= 0);
    ALTER TABLE withdrawals
      ADD COLUMN approved_by integer REFERENCES admins (id) ON DELETE SET NULL,
      ADD COLUMN approved_by_username varchar(50),
      ADD COLUMN approved_at timestamptz,
      ADD CONSTRAINT withdrawals_approval_whole CHECK ((approved_at IS NULL) = (approved_by_username IS NULL));
  `);
}

export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    ALTER TABLE withdrawals DROP COLUMN approved_at, DROP COLUMN approved_by_username, DROP COLUMN approved_by;
    ALTER TABLE settings DROP COLUMN approval_threshold;
  `);
}
