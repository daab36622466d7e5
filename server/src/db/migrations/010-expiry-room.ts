import type { MigrationContext } from '../migration-context.js';

export const name = '010-expiry-room';

/**
 * Expiry at a million stakes, measured on 100,000 stakes made together and falling due together
 * (bench/src/expiry.ts; 1,000,000 seeded stakes; 10 batches of 10,000):
 *
 * - The stakes_due trigger joined each batch's rows with the whole stakes_due table (one row per
 *   active stake: 205,000 there), 55-97 ms of a batch. It now looks each completed stake up by its
 *   key: 8-11 ms.
 * - Stakes made together sit on the same pages, and expiry gives every one of them a new row
 *   version. With 15% of a page free (fillfactor 85, migration 009) about one in five fitted on
 *   its page (a heap-only update); the others moved, with a new entry in each of the table's six
 *   indexes. With half of each page free every row of a page gets its new version in place: all
 *   100,000 updates heap-only. The table is larger for it (541 MB to 859 MB for 1,000,000 stakes,
 *   indexes unchanged); each later change of a stake (a withdrawal request, its payout) uses the
 *   same room once VACUUM has pruned the old versions.
 *
 * Together: 3.7-5.7 s before, 1.0 s after. Pages written before this migration keep their packing
 * until rewritten (VACUUM FULL or pg_repack, in a maintenance window: both lock or copy the table,
 * so a migration does not run them); stakes made from now on get the room.
 */
export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    ALTER TABLE stakes SET (fillfactor = 50);
    CREATE OR REPLACE FUNCTION stakes_due_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM stakes_due WHERE stake_id = ANY (ARRAY(SELECT id FROM new_rows WHERE status <> 'active'));
      INSERT INTO stakes_due (stake_id, ends_at) SELECT id, ends_at FROM new_rows WHERE status = 'active'
        ON CONFLICT (stake_id) DO UPDATE SET ends_at = excluded.ends_at WHERE stakes_due.ends_at <> excluded.ends_at;
      RETURN NULL;
    END $$;
  `);
}

export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    ALTER TABLE stakes SET (fillfactor = 85);
    CREATE OR REPLACE FUNCTION stakes_due_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM stakes_due d USING new_rows n WHERE d.stake_id = n.id AND n.status <> 'active';
      INSERT INTO stakes_due (stake_id, ends_at) SELECT id, ends_at FROM new_rows WHERE status = 'active'
        ON CONFLICT (stake_id) DO UPDATE SET ends_at = excluded.ends_at WHERE stakes_due.ends_at <> excluded.ends_at;
      RETURN NULL;
    END $$;
  `);
}
