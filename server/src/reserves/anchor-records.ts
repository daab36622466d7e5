import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import type { ReserveAccount } from '@stakedesk/shared/reserves/snapshot';
import { coveragePercent } from '@stakedesk/shared/treasury';
import { recordAudit, SYSTEM_ACTOR } from '../audit/index.js';
import { conflict, notFound } from '../errors.js';
import type { AnchorReading } from './anchor-transaction.js';

export type AnchorStatus = 'prepared' | 'sent' | 'landed' | 'expired' | 'failed';

/** A reserves_anchors row: the one anchor attempt of a snapshot. */
export type AnchorRow = {
  snapshot_id: string;
  status: AnchorStatus;
  signer: string;
  message: Buffer;
  blockhash: string;
  last_valid_block_height: string;
  signature: string | null;
  signed_transaction: Buffer | null;
  created_at: Date;
};

/** What an anchor is read against, locked with the snapshot's row where it is claimed. */
export type SnapshotForAnchor = {
  id: number;
  root: string;
  mint: string;
  totalLiabilities: string;
  reserves: ReserveAccount[];
  anchorSignature: string | null;
};

type SnapshotForAnchorRow = {
  id: string;
  root: string;
  mint: string;
  total_liabilities: string;
  reserves: ReserveAccount[];
  anchor_signature: string | null;
};

/** The snapshot (locked FOR UPDATE inside `transaction`); 404 when there is none. */
export async function snapshotForAnchor(db: Sequelize, id: number, transaction?: Transaction): Promise<SnapshotForAnchor> {
  const [row] = await db.query<SnapshotForAnchorRow>(
    `SELECT id, root, mint, total_liabilities::text AS total_liabilities, reserves, anchor_signature
     FROM reserves_snapshots WHERE id = :id ${transaction ? 'FOR UPDATE' : ''}`,
    { replacements: { id }, type: QueryTypes.SELECT, transaction },
  );
  if (!row) throw notFound(msg('reservesSnapshotNotFound'));
  return {
    id: Number(row.id),
    root: row.root,
    mint: row.mint,
    totalLiabilities: row.total_liabilities,
    reserves: row.reserves,
    anchorSignature: row.anchor_signature,
  };
}

export async function readAnchorRow(db: Sequelize, snapshotId: number, transaction?: Transaction): Promise<AnchorRow | undefined> {
  const [row] = await db.query<AnchorRow>(
    `SELECT snapshot_id, status, signer, message, blockhash, last_valid_block_height, signature, signed_transaction, created_at
     FROM reserves_anchors WHERE snapshot_id = :snapshotId`,
    { replacements: { snapshotId }, type: QueryTypes.SELECT, transaction },
  );
  return row;
}

/** Refuses a new attempt while the snapshot is anchored or an anchor of it is out (call with the snapshot locked). */
export async function refuseIfAnchoring(db: Sequelize, snapshot: SnapshotForAnchor, transaction: Transaction): Promise<void> {
  if (snapshot.anchorSignature) throw conflict(msg('reservesAlreadyAnchored', { signature: snapshot.anchorSignature }));
  const current = await readAnchorRow(db, snapshot.id, transaction);
  if (current?.status === 'sent') throw conflict(msg('reservesAnchorInFlight'));
}

export type AnchorAttempt = {
  snapshotId: number;
  signer: string;
  message: Uint8Array;
  blockhash: string;
  lastValidBlockHeight: number;
  automatic: boolean;
  createdBy: number | null;
  /** Signed already (the server's own signer): recorded as sent, before it is sent. */
  signed?: { signature: string; wire: Uint8Array };
};

/** Claims the snapshot's one anchor attempt, replacing a dead one (call after refuseIfAnchoring, the snapshot locked). */
export async function claimAnchor(db: Sequelize, attempt: AnchorAttempt, transaction: Transaction): Promise<void> {
  await db.query(
    `INSERT INTO reserves_anchors (snapshot_id, status, signer, message, blockhash, last_valid_block_height, signature,
       signed_transaction, automatic, created_by, created_at, sent_at)
     VALUES (:snapshotId, :status, :signer, :message, :blockhash, :lastValidBlockHeight, :signature, :wire, :automatic, :createdBy,
       now(), :sentAt)
     ON CONFLICT (snapshot_id) DO UPDATE SET status = EXCLUDED.status, signer = EXCLUDED.signer, message = EXCLUDED.message,
       blockhash = EXCLUDED.blockhash, last_valid_block_height = EXCLUDED.last_valid_block_height, signature = EXCLUDED.signature,
       signed_transaction = EXCLUDED.signed_transaction, automatic = EXCLUDED.automatic, created_by = EXCLUDED.created_by,
       created_at = now(), sent_at = EXCLUDED.sent_at
     WHERE reserves_anchors.status NOT IN ('sent', 'landed')`,
    {
      replacements: {
        snapshotId: attempt.snapshotId,
        status: attempt.signed ? 'sent' : 'prepared',
        signer: attempt.signer,
        message: Buffer.from(attempt.message),
        blockhash: attempt.blockhash,
        lastValidBlockHeight: attempt.lastValidBlockHeight,
        signature: attempt.signed?.signature ?? null,
        wire: attempt.signed ? Buffer.from(attempt.signed.wire) : null,
        automatic: attempt.automatic,
        createdBy: attempt.createdBy,
        sentAt: attempt.signed ? new Date() : null,
      },
      transaction,
    },
  );
}

/** A posted signed copy of the prepared anchor, recorded as sent before it is sent. */
export async function markAnchorSent(
  db: Sequelize,
  snapshotId: number,
  signed: { signature: string; wire: Uint8Array },
  transaction: Transaction,
): Promise<void> {
  await db.query(
    `UPDATE reserves_anchors SET status = 'sent', signature = :signature, signed_transaction = :wire, sent_at = now()
     WHERE snapshot_id = :snapshotId AND status = 'prepared'`,
    { replacements: { snapshotId, signature: signed.signature, wire: Buffer.from(signed.wire) }, transaction },
  );
}

export async function markAnchorEnded(
  db: Sequelize,
  snapshotId: number,
  status: 'expired' | 'failed',
  transaction?: Transaction,
): Promise<void> {
  await db.query(`UPDATE reserves_anchors SET status = :status WHERE snapshot_id = :snapshotId AND status = 'sent'`, {
    replacements: { snapshotId, status },
    transaction,
  });
}

/**
 * The anchor landed: the snapshot names it, and its reserves, slot and coverage become what the
 * anchor's own token balances say at its slot. Once only: a snapshot already anchored keeps its anchor.
 */
export async function recordAnchorLanded(
  db: Sequelize,
  snapshot: SnapshotForAnchor,
  signature: string,
  reading: AnchorReading,
  transaction: Transaction,
): Promise<void> {
  const held = reading.reserves.reduce((sum, reserve) => sum + BigInt(reserve.balance), 0n);
  const coverage = coveragePercent(held.toString(), snapshot.totalLiabilities);
  await db.query(
    `UPDATE reserves_snapshots SET anchor_signature = :signature, slot = :slot, reserves = :reserves::jsonb, coverage_percent = :coverage
     WHERE id = :id AND anchor_signature IS NULL`,
    {
      replacements: { id: snapshot.id, signature, slot: reading.slot, reserves: JSON.stringify(reading.reserves), coverage },
      transaction,
    },
  );
  await db.query(`UPDATE reserves_anchors SET status = 'landed', signature = :signature WHERE snapshot_id = :id`, {
    replacements: { id: snapshot.id, signature },
    transaction,
  });
  await recordAudit(db, transaction, SYSTEM_ACTOR, {
    action: 'reserves.anchored',
    entityType: 'reserves_snapshot',
    entityId: snapshot.id,
    after: { signature, slot: reading.slot, coveragePercent: coverage },
  });
}
