import { QueryTypes, type Sequelize } from 'sequelize';
import { english, msg, type MessageCode } from '@stakedesk/shared/i18n/catalogue';
import type { ReservesProof } from '@stakedesk/shared/reserves/proof';
import type { ReservesSnapshot } from '@stakedesk/shared/reserves/snapshot';
import { emitAlert } from '../alerts/index.js';
import { gone, notFound } from '../errors.js';
import { readLatestSnapshotRow, readSnapshotRow, toReservesSnapshot } from './snapshot-row.js';
import { storedProof } from './tree-storage.js';

/** The latest snapshot; 404 before the first. */
export async function latestReservesSnapshot(db: Sequelize): Promise<ReservesSnapshot> {
  const row = await readLatestSnapshotRow(db);
  if (!row) throw notFound(msg('reservesNoSnapshot'));
  return toReservesSnapshot(row);
}

/** Snapshot `id`; 404 when there is none. */
export async function reservesSnapshot(db: Sequelize, id: number): Promise<ReservesSnapshot> {
  const row = await readSnapshotRow(db, id);
  if (!row) throw notFound(msg('reservesSnapshotNotFound'));
  return toReservesSnapshot(row);
}

/**
 * `wallet`'s proof in snapshot `id` (whose session asks is the route's check): 404 for an unknown
 * snapshot or a wallet without a leaf in it, 410 once its proofs were pruned after `proofDays`.
 */
export async function reservesProof(db: Sequelize, id: number, wallet: string, proofDays: number): Promise<ReservesProof> {
  const row = await readSnapshotRow(db, id);
  if (!row) throw notFound(msg('reservesSnapshotNotFound'));
  if (row.proofs_pruned_at) throw gone(msg('reservesProofPruned', { days: proofDays }));
  const proof = await storedProof(db, id, wallet);
  if (!proof) throw notFound(msg('reservesNoLeaf'));
  return proof;
}

/**
 * A holder's browser could not verify their proof in snapshot `id`: recorded once per snapshot and
 * wallet (true the first time), and the snapshot's first report alerts the operators. The
 * snapshot's row lock makes one report the first, whichever instances take them.
 */
/** A report carries the code alone: the reason in English, each value it names (an account, an amount) left as '…'. */
const reportedReason = (code: MessageCode): string => english({ code }).replace(/\{\w+\}/g, '…');

export async function reportReservesCheckFailure(db: Sequelize, id: number, wallet: string, code: MessageCode): Promise<boolean> {
  return db.transaction(async (transaction) => {
    const [snapshot] = await db.query(`SELECT id FROM reserves_snapshots WHERE id = :id FOR UPDATE`, {
      replacements: { id },
      type: QueryTypes.SELECT,
      transaction,
    });
    if (!snapshot) throw notFound(msg('reservesSnapshotNotFound'));
    const [counts] = await db.query<{ inserted: boolean; reports: number }>(
      `WITH inserted AS (
         INSERT INTO reserves_check_failures (snapshot_id, wallet, code) VALUES (:id, :wallet, :code)
         ON CONFLICT (snapshot_id, wallet) DO NOTHING RETURNING 1)
       SELECT EXISTS (SELECT 1 FROM inserted) AS inserted,
         (SELECT count(*)::int FROM reserves_check_failures WHERE snapshot_id = :id) AS reports`,
      { replacements: { id, wallet, code }, type: QueryTypes.SELECT, transaction },
    );
    if (!counts?.inserted) return false;
    // The statement's snapshot does not see its own insert: no earlier report means this one is the first.
    if (counts.reports === 0)
      await emitAlert(db, 'reserves.check_failed', { snapshotId: id, wallet, code, reason: reportedReason(code) }, transaction);
    return true;
  });
}
