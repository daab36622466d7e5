import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { recordAudit, type Actor } from '../audit/audit.js';
import { publishAdminEvent } from '../events/publish.js';
import type { Logger } from '../logger.js';
import { compactTotals } from '../totals/totals.service.js';

const EXPIRY_LOCK_KEY = 7_236_002;

/**
 * Marks every active stake whose period has ended as completed, in one statement, under an
 * advisory lock so only one server instance runs it at a time. Without `wait` the round is
 * skipped (null) when another instance holds the lock.
 */
async function expireIn(sequelize: Sequelize, transaction: Transaction, wait: boolean): Promise<number | null> {
  const lock = wait ? 'pg_advisory_xact_lock(:key) IS NOT NULL' : 'pg_try_advisory_xact_lock(:key)';
  const [row] = await sequelize.query<{ locked: boolean }>(`SELECT ${lock} AS locked`, {
    replacements: { key: EXPIRY_LOCK_KEY },
    type: QueryTypes.SELECT,
    transaction,
  });
  if (!row?.locked) return null;
  const [, affected] = await sequelize.query(
    `UPDATE stakes SET status = 'completed', completed_at = now(), updated_at = now()
     WHERE status = 'active' AND ends_at <= now()`,
    { type: QueryTypes.UPDATE, transaction },
  );
  if (affected > 0) await publishAdminEvent(sequelize, transaction, { type: 'stakes.expired', count: affected });
  return affected;
}

/** The admin's Update Expired Stakes: waits for a running round, then audits what it did. */
export async function expireStakesAsAdmin(sequelize: Sequelize, actor: Actor): Promise<number> {
  return sequelize.transaction(async (transaction) => {
    const updatedCount = (await expireIn(sequelize, transaction, true)) ?? 0;
    await recordAudit(transaction, actor, { action: 'stakes.expire', entityType: 'stake', after: { updatedCount } });
    return updatedCount;
  });
}

export async function expireStakesIfFree(sequelize: Sequelize): Promise<number | null> {
  return sequelize.transaction((transaction) => expireIn(sequelize, transaction, false));
}

/**
 * Runs expiry every `intervalMs` in the background, then folds the count deltas together
 * (totals.service.ts); returns a function that stops it.
 */
export function scheduleExpiry(sequelize: Sequelize, intervalMs: number, logger: Logger): () => void {
  const timer = setInterval(() => {
    expireStakesIfFree(sequelize)
      .then((count) => count && logger.info({ count }, 'expired stakes marked completed'))
      .catch((error: unknown) => logger.warn({ err: error }, 'scheduled expiry failed; will retry'))
      .then(() => compactTotals(sequelize))
      .catch((error: unknown) => logger.warn({ err: error }, 'compacting the counts failed; will retry'));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
