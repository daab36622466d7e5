import { QueryTypes } from 'sequelize';
import type { BooksAudit } from '@stakedesk/shared/api-types';
import { SYSTEM_ACTOR } from '../audit/index.js';
import type { Logger } from '../logger.js';
import type { AuditWorld } from './audit-books.js';
import { requestAudit, runAudit, startAudit } from './books-audit.service.js';
import { detectRestore } from './restore-detection.js';

const DAY_MS = 24 * 3600_000;

/**
 * At start-up, before any background work (DESIGN 19): a restored database is audited at once, and
 * payouts wait for it (payout-holds.ts). Answers the audit started, or null when nothing was restored.
 */
export async function auditIfRestored(world: AuditWorld, logger: Logger): Promise<BooksAudit | null> {
  if (!(await detectRestore(world.db, logger))) return null;
  return requestAudit(world, logger, 'restore', SYSTEM_ACTOR);
}

/**
 * The job (hourly): an audit when none finished in the last day, or while a restore is unchecked
 * (the audit at start-up failed, say: the chain was down, or the database was swapped under a
 * running server by a managed service's recovery), run here to its end.
 */
export async function booksAuditRound(world: AuditWorld, logger: Logger): Promise<void> {
  const restored = await detectRestore(world.db, logger);
  const [last] = await world.db.query<{ finished_at: Date }>(
    `SELECT finished_at FROM books_audits WHERE status = 'finished' ORDER BY finished_at DESC LIMIT 1`,
    { type: QueryTypes.SELECT },
  );
  if (!restored && last && Date.now() - last.finished_at.getTime() < DAY_MS) return;
  const { audit, started } = await startAudit(world.db, restored ? 'restore' : 'daily', SYSTEM_ACTOR);
  if (started) await runAudit(world, audit.id, logger);
}
