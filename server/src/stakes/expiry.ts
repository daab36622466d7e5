import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { recordAudit, type Actor } from '../audit/index.js';
import { publishAdminEvent } from '../events/publish.js';
import type { Logger } from '../logger.js';
import { compactTotals } from '../totals/index.js';
import { STAKE_EXPIRED_SQL } from './stake-rules-sql.js';

const EXPIRY_LOCK_KEY = 7_236_002;

/**
 * Stakes completed per statement. A backlog (a cohort of 100,000 ending together, or a server
 * that was down) is expired in several short transactions: one statement for all of them could
 * outlast statement_timeout on a busy database, fail, and fail again at every round, so nothing
 * would ever expire. Each batch commits, so every round makes progress.
 */
export const EXPIRY_BATCH = 10_000;

/**
 * One batch: the first `batch` stakes due, in end order, from the small stakes_due table
 * (migration 009); the conditions are checked again on each row as it is updated, since a
 * withdrawal request may have moved it meanwhile. No index of stakes mentions the status, so each
 * row is completed as a heap-only update; the table's triggers drop it from stakes_due and move
 * its count, in the same transaction.
 */
export const EXPIRE_BATCH_SQL = `UPDATE stakes SET status = 'completed', completed_at = now(), updated_at = now()
  WHERE id IN (SELECT stake_id FROM stakes_due WHERE ends_at <= now() ORDER BY ends_at, stake_id LIMIT :batch)
    AND ${STAKE_EXPIRED_SQL}`;

/**
 * Marks up to `batch` active stakes whose period has ended as completed, under an advisory
 * lock so only one server instance runs it at a time. Without `wait` the batch is skipped (null)
 * when another instance holds the lock.
 */
async function expireBatch(db: Sequelize, transaction: Transaction, wait: boolean, batch: number): Promise<number | null> {
  const lock = wait ? 'pg_advisory_xact_lock(:key) IS NOT NULL' : 'pg_try_advisory_xact_lock(:key)';
  const [row] = await db.query<{ locked: boolean }>(`SELECT ${lock} AS locked`, {
    replacements: { key: EXPIRY_LOCK_KEY },
    type: QueryTypes.SELECT,
    transaction,
  });
  if (!row?.locked) return null;
  const [, affected] = await db.query(EXPIRE_BATCH_SQL, { type: QueryTypes.UPDATE, transaction, replacements: { batch } });
  if (affected > 0) await publishAdminEvent(db, transaction, { type: 'stakes.expired', count: affected });
  return affected;
}

/**
 * Batches until one comes back short. `onBatch` runs inside each batch's transaction (the audit
 * of what that batch did commits with it). Null when the first batch found the lock taken.
 */
async function expireAll(
  db: Sequelize,
  wait: boolean,
  batch: number,
  onBatch: (transaction: Transaction, count: number, last: boolean) => Promise<void> = async () => undefined,
): Promise<number | null> {
  let total = 0;
  for (let first = true; ; first = false) {
    const count = await db.transaction(async (transaction) => {
      const done = await expireBatch(db, transaction, wait, batch);
      if (done !== null) await onBatch(transaction, done, done < batch);
      return done;
    });
    if (count === null) return first ? null : total;
    total += count;
    if (count < batch) return total;
  }
}

/**
 * The admin's Update Expired Stakes: waits for a running round, then expires everything due.
 * Each batch is audited with what it did (one entry unless the backlog exceeds a batch).
 */
export async function expireStakesAsAdmin(db: Sequelize, actor: Actor, batch = EXPIRY_BATCH): Promise<number> {
  const total = await expireAll(db, true, batch, async (transaction, count, last) => {
    if (count > 0 || last)
      await recordAudit(db, transaction, actor, { action: 'stakes.expire', entityType: 'stake', after: { updatedCount: count } });
  });
  return total ?? 0;
}

export async function expireStakesIfFree(db: Sequelize, batch = EXPIRY_BATCH): Promise<number | null> {
  return expireAll(db, false, batch);
}

/**
 * The background round (background-work.ts): expiry, then the count deltas folded together
 * (totals.service.ts). A failure of either is the round's failure: the job queue logs and counts it.
 */
export async function expiryRound(db: Sequelize, logger: Logger): Promise<void> {
  const count = await expireStakesIfFree(db);
  if (count) logger.info({ count }, 'expired stakes marked completed');
  await compactTotals(db);
}
