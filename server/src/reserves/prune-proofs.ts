import { QueryTypes, type Sequelize } from 'sequelize';

/** Rows a delete takes at once: a million-holder snapshot goes in short statements, not one long transaction. */
const LEAVES_PER_DELETE = 50_000;
const CHUNKS_PER_DELETE = 200;
/** A round stops deleting after this long (well within its job's minute); the next round goes on. */
const ROUND_BUDGET_MS = 20_000;

/**
 * Drops the leaves and tree of snapshots taken more than `days` ago (a clean-up round; safe when two
 * overlap). Each such snapshot is marked pruned first, so its proofs answer 410 at once; its rows
 * then go a batch at a time, and what a round leaves (its time spent, its instance stopped) the
 * next one deletes. The snapshot row stays, so its root and reserves can still be read. Answers how
 * many snapshots this round marked.
 */
export async function pruneOldProofs(db: Sequelize, days: number): Promise<number> {
  const marked = await db.query<{ id: string }>(
    `UPDATE reserves_snapshots SET proofs_pruned_at = now()
     WHERE proofs_pruned_at IS NULL AND taken_at < now() - make_interval(days => :days) RETURNING id`,
    { replacements: { days }, type: QueryTypes.SELECT },
  );
  const until = Date.now() + ROUND_BUDGET_MS;
  const leftovers = await db.query<{ id: string }>(
    `SELECT id FROM reserves_snapshots s WHERE proofs_pruned_at IS NOT NULL
       AND (EXISTS (SELECT 1 FROM reserves_leaves l WHERE l.snapshot_id = s.id)
         OR EXISTS (SELECT 1 FROM reserves_tree_chunks c WHERE c.snapshot_id = s.id))`,
    { type: QueryTypes.SELECT },
  );
  for (const { id } of leftovers) {
    for (const [table, batch] of [
      ['reserves_leaves', LEAVES_PER_DELETE],
      ['reserves_tree_chunks', CHUNKS_PER_DELETE],
    ] as const) {
      for (let deleted: number = batch; deleted === batch;) {
        if (Date.now() > until) return marked.length;
        const [, result] = await db.query(
          `DELETE FROM ${table} WHERE ctid IN (SELECT ctid FROM ${table} WHERE snapshot_id = :id LIMIT :batch)`,
          { replacements: { id, batch } },
        );
        deleted = (result as { rowCount: number }).rowCount;
      }
    }
  }
  return marked.length;
}
