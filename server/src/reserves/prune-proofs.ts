import { QueryTypes, type Sequelize } from 'sequelize';

/** RESERVES_PROOF_DAYS' default: holders' proofs are kept about a quarter. */
export const DEFAULT_RESERVES_PROOF_DAYS = 90;

/**
 * Drops the leaves and tree of snapshots taken more than `days` ago, one snapshot at a time (a
 * clean-up round; safe when two overlap: each claims its snapshot by marking it pruned, under its
 * row lock). The snapshot row stays, so its root and reserves can still be read; a proof of it
 * answers 410 from then on. Answers how many snapshots it pruned.
 */
export async function pruneOldProofs(sequelize: Sequelize, days: number): Promise<number> {
  let pruned = 0;
  for (;;) {
    const done = await sequelize.transaction(async (transaction) => {
      const [claimed] = await sequelize.query<{ id: string }>(
        `UPDATE reserves_snapshots SET proofs_pruned_at = now()
         WHERE id = (SELECT id FROM reserves_snapshots
                     WHERE proofs_pruned_at IS NULL AND taken_at < now() - make_interval(days => :days)
                     ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
         RETURNING id`,
        { replacements: { days }, type: QueryTypes.SELECT, transaction },
      );
      if (!claimed) return false;
      await sequelize.query(`DELETE FROM reserves_tree_chunks WHERE snapshot_id = :id`, { replacements: { id: claimed.id }, transaction });
      await sequelize.query(`DELETE FROM reserves_leaves WHERE snapshot_id = :id`, { replacements: { id: claimed.id }, transaction });
      return true;
    });
    if (!done) return pruned;
    pruned += 1;
  }
}
