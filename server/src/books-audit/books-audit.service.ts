import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { AuditDifference, BooksAudit, BooksAuditChecked, BooksAuditReason, BooksAuditStatus } from '@stakedesk/shared/api-types';
import { msg, type CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import { emitAlert } from '../alerts/index.js';
import { recordAudit, type AnyActor } from '../audit/index.js';
import { ChainUnavailableError } from '../chain/chain.js';
import { notFound } from '../errors.js';
import type { Logger } from '../logger.js';
import { auditBooks, type AuditWorld } from './audit-books.js';

/** A running audit older than this was left by an instance that stopped: it no longer holds the next one back. */
const STALE_AFTER_SECONDS = 6 * 3600;
/** Starting an audit is serialized (with the unique index on the running one as the last word). */
const START_LOCK_KEY = 7_236_019;

type AuditRow = {
  id: number;
  status: BooksAuditStatus;
  reason: BooksAuditReason;
  started_by: string | null;
  started_at: Date;
  finished_at: Date | null;
  /** Empty ({}) until the audit finishes. */
  checked: Partial<BooksAuditChecked>;
  differences: AuditDifference[];
  failure: CodedMessage | null;
};

function toAuditJson(row: AuditRow): BooksAudit {
  return {
    id: row.id,
    status: row.status,
    reason: row.reason,
    startedBy: row.started_by,
    startedAt: row.started_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
    checked: row.status === 'finished' ? (row.checked as BooksAuditChecked) : null,
    differences: row.differences,
    failure: row.failure,
  };
}

/** Running audits left behind (by a stopped instance, or in a restored database) end as interrupted. */
export async function endInterruptedAudits(db: Sequelize, transaction: Transaction, olderThanSeconds = 0): Promise<void> {
  await db.query(
    `UPDATE books_audits SET status = 'failed', finished_at = now(), failure = :failure::jsonb
     WHERE status = 'running' AND started_at <= now() - make_interval(secs => :olderThanSeconds)`,
    { replacements: { failure: JSON.stringify(msg('auditInterrupted')), olderThanSeconds }, transaction },
  );
}

/**
 * Claims the one running audit: a new one, or the one already running (`started: false`), so two
 * requests at once, on any instances, make one audit. Audited (`books.audit_start`).
 */
export async function startAudit(
  db: Sequelize,
  reason: BooksAuditReason,
  actor: AnyActor,
): Promise<{ audit: BooksAudit; started: boolean }> {
  return db.transaction(async (transaction) => {
    await db.query('SELECT pg_advisory_xact_lock(:key)', { replacements: { key: START_LOCK_KEY }, transaction });
    await endInterruptedAudits(db, transaction, STALE_AFTER_SECONDS);
    const [running] = await db.query<AuditRow>(`SELECT * FROM books_audits WHERE status = 'running'`, {
      type: QueryTypes.SELECT,
      transaction,
    });
    if (running) return { audit: toAuditJson(running), started: false };
    const [row] = await db.query<AuditRow>(`INSERT INTO books_audits (reason, started_by) VALUES (:reason, :startedBy) RETURNING *`, {
      replacements: { reason, startedBy: actor.username },
      type: QueryTypes.SELECT,
      transaction,
    });
    await recordAudit(db, transaction, actor, {
      action: 'books.audit_start',
      entityType: 'books_audit',
      entityId: row!.id,
      after: { reason },
    });
    return { audit: toAuditJson(row!), started: true };
  });
}

async function finish(
  db: Sequelize,
  id: number,
  ending: { checked?: BooksAuditChecked; differences?: AuditDifference[]; failure?: CodedMessage },
) {
  await db.transaction(async (transaction) => {
    const [row] = await db.query<AuditRow>(
      `UPDATE books_audits SET status = :status, finished_at = now(), checked = :checked::jsonb, differences = :differences::jsonb,
         failure = :failure::jsonb
       WHERE id = :id AND status = 'running' RETURNING *`,
      {
        replacements: {
          id,
          status: ending.failure ? 'failed' : 'finished',
          checked: JSON.stringify(ending.checked ?? {}),
          differences: JSON.stringify(ending.differences ?? []),
          failure: ending.failure ? JSON.stringify(ending.failure) : null,
        },
        type: QueryTypes.SELECT,
        transaction,
      },
    );
    if (!row || ending.failure) return;
    // The restore this audit looked after is checked: payouts may go on.
    await db.query(`UPDATE database_identity SET restore_detected_at = NULL WHERE restore_detected_at <= :startedAt`, {
      replacements: { startedAt: row.started_at },
      transaction,
    });
    if (row.differences.length > 0) {
      const kinds = [...new Set(row.differences.map((difference) => difference.kind))].join(', ');
      await emitAlert(
        db,
        'books.differences',
        { auditId: id, reason: row.reason, differences: row.differences.length, kinds },
        transaction,
      );
    }
  });
}

/** Runs a claimed audit to its end: finished with what it found, or failed with why (the chain could not be asked). */
export async function runAudit(world: AuditWorld, id: number, logger: Logger): Promise<void> {
  try {
    const found = await auditBooks(world, id);
    await finish(world.db, id, found);
    logger.info({ auditId: id, checked: found.checked, differences: found.differences.length }, 'the books were checked against the chain');
  } catch (error) {
    const failure = error instanceof ChainUnavailableError ? error.reason : msg('auditInterrupted');
    await finish(world.db, id, { failure });
    if (!(error instanceof ChainUnavailableError)) throw error;
    logger.warn({ err: error, auditId: id }, 'the books could not be checked against the chain');
  }
}

/** Starts an audit and runs it in the background (an owner's request, a restore at start-up); answers it as started, or the one running. */
export async function requestAudit(world: AuditWorld, logger: Logger, reason: BooksAuditReason, actor: AnyActor): Promise<BooksAudit> {
  const { audit, started } = await startAudit(world.db, reason, actor);
  if (started)
    runAudit(world, audit.id, logger).catch((error: unknown) => logger.error({ err: error, auditId: audit.id }, 'the audit failed'));
  return audit;
}

export async function readAudit(db: Sequelize, id: number): Promise<BooksAudit> {
  const [row] = await db.query<AuditRow>('SELECT * FROM books_audits WHERE id = :id', {
    replacements: { id },
    type: QueryTypes.SELECT,
  });
  if (!row) throw notFound(msg('auditNotFound'));
  return toAuditJson(row);
}

/** The latest audit (running or ended), or null before the first. */
export async function latestAudit(db: Sequelize): Promise<BooksAudit | null> {
  const [row] = await db.query<AuditRow>('SELECT * FROM books_audits ORDER BY id DESC LIMIT 1', { type: QueryTypes.SELECT });
  return row ? toAuditJson(row) : null;
}

/** What the last finished audit found differing: how many of each kind (a kind it did not find is absent). */
export async function lastAuditDifferenceCounts(db: Sequelize): Promise<Map<string, number>> {
  const rows = await db.query<{ kind: string; n: number }>(
    `SELECT d->>'kind' AS kind, count(*)::int AS n
     FROM (SELECT differences FROM books_audits WHERE status = 'finished' ORDER BY finished_at DESC LIMIT 1) last,
       jsonb_array_elements(last.differences) d
     GROUP BY 1`,
    { type: QueryTypes.SELECT },
  );
  return new Map(rows.map((row) => [row.kind, row.n]));
}

/** Seconds since the last audit finished; null before the first. */
export async function lastAuditFinishedAge(db: Sequelize): Promise<number | null> {
  const [row] = await db.query<{ age: number | null }>(
    `SELECT extract(epoch FROM now() - max(finished_at))::float8 AS age FROM books_audits WHERE status = 'finished'`,
    { type: QueryTypes.SELECT },
  );
  return row?.age ?? null;
}
