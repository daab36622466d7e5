import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { ReserveAccount, ReservesSnapshot } from '@stakedesk/shared/reserves/snapshot';
import { coveragePercent } from '@stakedesk/shared/treasury';

/**
 * A reserves_snapshots row as the queries here select it (the salt secret apart: only proofs read
 * it). Written by takeReservesSnapshot; once its anchor transaction lands, anchor_signature is set
 * and reserves, slot and coverage_percent (reservesCoverage) are replaced with the anchor's balances
 * and slot. Every other column stays as taken.
 */
export type SnapshotRow = {
  id: string;
  taken_at: Date;
  mint: string;
  decimals: number;
  slot: string;
  root: string;
  total_liabilities: string;
  leaf_count: number;
  reserves: ReserveAccount[];
  coverage_percent: string | null;
  anchor_signature: string | null;
  proofs_pruned_at: Date | null;
};

/** The columns of SnapshotRow, for any query that answers a snapshot. */
export const SNAPSHOT_COLUMNS = `id, taken_at, mint, decimals, slot, root, total_liabilities::text AS total_liabilities, leaf_count,
  reserves, coverage_percent, anchor_signature, proofs_pruned_at`;

/**
 * A snapshot's coverage_percent: what its reserves hold over its liabilities (both raw units), by
 * the treasury card's rule (two decimals, rounded down); null when nothing is owed. Whatever
 * replaces a snapshot's reserves (its anchor's balances) recomputes it with this.
 */
export function reservesCoverage(reserves: readonly ReserveAccount[], totalLiabilities: string): string | null {
  const held = reserves.reduce((sum, account) => sum + BigInt(account.balance), 0n);
  return coveragePercent(held.toString(), totalLiabilities);
}

/** The snapshot as DESIGN 14 publishes it. */
export function toReservesSnapshot(row: SnapshotRow): ReservesSnapshot {
  return {
    id: Number(row.id),
    takenAt: new Date(row.taken_at).toISOString(),
    slot: Number(row.slot),
    root: row.root,
    totalLiabilities: row.total_liabilities,
    leafCount: row.leaf_count,
    reserves: row.reserves,
    coveragePercent: row.coverage_percent,
    anchorSignature: row.anchor_signature,
    mint: row.mint,
    decimals: row.decimals,
  };
}

/** The snapshot `id`, or undefined when there is none. */
export async function readSnapshotRow(db: Sequelize, id: number, transaction?: Transaction): Promise<SnapshotRow | undefined> {
  const [row] = await db.query<SnapshotRow>(`SELECT ${SNAPSHOT_COLUMNS} FROM reserves_snapshots WHERE id = :id`, {
    replacements: { id },
    type: QueryTypes.SELECT,
    transaction,
  });
  return row;
}

/** The latest snapshot (the last taken), or undefined before the first. */
export async function readLatestSnapshotRow(db: Sequelize): Promise<SnapshotRow | undefined> {
  const [row] = await db.query<SnapshotRow>(`SELECT ${SNAPSHOT_COLUMNS} FROM reserves_snapshots ORDER BY id DESC LIMIT 1`, {
    type: QueryTypes.SELECT,
  });
  return row;
}
