import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { SYSTEM_ACTOR, recordAudit } from '../audit/index.js';
import type { Logger } from '../logger.js';
import { endInterruptedAudits } from './books-audit.service.js';

type Identity = { system_identifier: string; timeline_id: number };

/** The database's own identity: its cluster's system identifier and the timeline of its last checkpoint. */
async function currentIdentity(db: Sequelize, logger: Logger): Promise<Identity | null> {
  try {
    const [row] = await db.query<Identity>(
      `SELECT (SELECT system_identifier::text FROM pg_control_system()) AS system_identifier,
              (SELECT timeline_id FROM pg_control_checkpoint()) AS timeline_id`,
      { type: QueryTypes.SELECT },
    );
    return row ?? null;
  } catch (error) {
    // A managed PostgreSQL may not let its users read the control file: its own point-in-time recovery is then the operator's to follow.
    logger.warn({ err: error }, 'the database would not say its timeline: a restore cannot be detected at start-up');
    return null;
  }
}

/**
 * At start-up (DESIGN 19): a database on a higher timeline than the books last saw, or another
 * cluster altogether, was restored (a point-in-time recovery promotes to a new timeline). The
 * restore is noted (`restore_detected_at`) until an audit after it finishes; meanwhile automatic and
 * one-click payouts wait. An audit the backup caught running ends as interrupted. Answers whether a
 * restore is still unchecked (found now, or by an earlier start whose audit did not finish).
 */
export async function detectRestore(db: Sequelize, logger: Logger): Promise<boolean> {
  const current = await currentIdentity(db, logger);
  if (!current) return restorePending(db);
  return db.transaction(async (transaction) => {
    const [stored] = await db.query<Identity & { restore_detected_at: Date | null }>(
      'SELECT system_identifier, timeline_id, restore_detected_at FROM database_identity WHERE id = 1 FOR UPDATE',
      { type: QueryTypes.SELECT, transaction },
    );
    const restored =
      stored !== undefined && (stored.system_identifier !== current.system_identifier || current.timeline_id > stored.timeline_id);
    await db.query(
      `INSERT INTO database_identity (id, system_identifier, timeline_id) VALUES (1, :system, :timeline)
       ON CONFLICT (id) DO UPDATE SET system_identifier = :system, timeline_id = :timeline, updated_at = now(),
         restore_detected_at = CASE WHEN :restored THEN now() ELSE database_identity.restore_detected_at END`,
      { replacements: { system: current.system_identifier, timeline: current.timeline_id, restored }, transaction },
    );
    if (restored) await noteRestore(db, transaction, logger, stored, current);
    return restored || (stored?.restore_detected_at ?? null) !== null;
  });
}

async function noteRestore(db: Sequelize, transaction: Transaction, logger: Logger, before: Identity, after: Identity): Promise<void> {
  await endInterruptedAudits(db, transaction);
  const identity = (row: Identity) => ({ systemIdentifier: row.system_identifier, timeline: row.timeline_id });
  await recordAudit(db, transaction, SYSTEM_ACTOR, {
    action: 'books.restore_detected',
    entityType: 'books_audit',
    before: identity(before),
    after: identity(after),
  });
  logger.warn(
    { before: identity(before), after: identity(after) },
    'the database was restored: the books are checked against the chain before any payout',
  );
}

/** A restore not yet followed by a finished audit. */
export async function restorePending(db: Sequelize, transaction?: Transaction): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM database_identity WHERE restore_detected_at IS NOT NULL', {
    type: QueryTypes.SELECT,
    ...(transaction ? { transaction } : {}),
  });
  return rows.length > 0;
}
