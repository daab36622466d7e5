import { QueryTypes, type Sequelize } from 'sequelize';
import type { AdminReservesSnapshot, ReservesAnchorStatus } from '@stakedesk/shared/api-types';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import { notFound } from '../errors.js';
import { SNAPSHOT_COLUMNS, toReservesSnapshot, type SnapshotRow } from './snapshot-row.js';

/** How many snapshots the panel lists: a month of daily ones, and those owners took. */
const LISTED = 60;

type AdminSnapshotRow = SnapshotRow & { anchor_status: ReservesAnchorStatus | null; anchor_attempt: string | null };

const toAdminSnapshot = (row: AdminSnapshotRow): AdminReservesSnapshot => ({
  ...toReservesSnapshot(row),
  anchor: row.anchor_status ? { status: row.anchor_status, signature: row.anchor_attempt } : null,
});

async function selectAdminSnapshots(db: Sequelize, where: string, replacements: Record<string, unknown>) {
  const rows = await db.query<AdminSnapshotRow>(
    `SELECT s.*, a.status AS anchor_status, a.signature AS anchor_attempt
     FROM (SELECT ${SNAPSHOT_COLUMNS} FROM reserves_snapshots ${where} ORDER BY id DESC LIMIT :limit) s
     LEFT JOIN reserves_anchors a ON a.snapshot_id = s.id
     ORDER BY s.id DESC`,
    { replacements: { limit: LISTED, ...replacements }, type: QueryTypes.SELECT },
  );
  return rows.map(toAdminSnapshot);
}

/** GET /api/admin/reserves/snapshots: the latest snapshots, newest first, each with its anchor's state. */
export const adminSnapshots = (db: Sequelize) => selectAdminSnapshots(db, '', {});

/** One snapshot with its anchor's state; 404 when there is none. */
export async function adminSnapshot(db: Sequelize, id: number): Promise<AdminReservesSnapshot> {
  const [found] = await selectAdminSnapshots(db, 'WHERE id = :id', { id });
  if (!found) throw notFound(msg('reservesSnapshotNotFound'));
  return found;
}
