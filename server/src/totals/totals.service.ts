/**
 * Row counts and amounts per status, read from the delta rows the triggers of migration
 * 003-scale keep (stake_counts, withdrawal_counts): exact at every commit, and a sum over a few
 * rows however large the tables grow. The same for each holder's stakes (holder_stake_totals,
 * migration 011), read by the dashboard's summary.
 */
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { normalizeDecimal } from '@stakedesk/shared/decimal';
import type { StakeStatus, WithdrawalStatus } from '@stakedesk/shared/stake-status';

const COMPACT_LOCK_KEY = 7_236_004;

type Filter = { sql: string; replacements: Record<string, unknown> };
const statusFilter = (statuses: readonly string[] | undefined): Filter =>
  statuses ? { sql: 'status IN (:statuses)', replacements: { statuses } } : { sql: 'true', replacements: {} };

/** How many stakes have one of these statuses (any status when absent), and their amount. */
export async function stakeTotals(db: Sequelize, statuses?: readonly StakeStatus[]): Promise<{ count: number; amount: string }> {
  const filter = statusFilter(statuses);
  const [row] = await db.query<{ count: string | null; amount: string | null }>(
    `SELECT sum(stakes)::text AS count, sum(amount)::text AS amount FROM stake_counts WHERE ${filter.sql}`,
    { type: QueryTypes.SELECT, replacements: filter.replacements },
  );
  return { count: Number(row?.count ?? 0), amount: row?.amount ?? '0' };
}

/**
 * The plans (as the stakes recorded them: id and name at the time) whose name matches an ILIKE
 * pattern, with how many stakes of these statuses carry each.
 */
export async function stakePlansMatching(
  db: Sequelize,
  pattern: string,
  statuses?: readonly StakeStatus[],
): Promise<{ planId: number; planName: string; count: number }[]> {
  const filter = statusFilter(statuses);
  const rows = await db.query<{ plan_id: number; plan_name: string; count: string }>(
    `SELECT plan_id, plan_name, sum(stakes)::text AS count FROM stake_counts
     WHERE plan_name ILIKE :pattern AND ${filter.sql}
     GROUP BY plan_id, plan_name HAVING sum(stakes) <> 0`,
    { type: QueryTypes.SELECT, replacements: { pattern, ...filter.replacements } },
  );
  return rows.map((row) => ({ planId: row.plan_id, planName: row.plan_name, count: Number(row.count) }));
}

/**
 * The live stakes' amount (statuses in `:stakeStatuses`) and the pending withdrawals' count as
 * scalar subqueries, for one statement that reads them beside other figures: PostgreSQL reads
 * every part of a statement in one snapshot, so they agree with those figures (the admin cards).
 */
/**
 * The kept totals of the holder whose wallet is the statement's `$1` (open = active or completed,
 * waiting = pending_withdrawal, withdrawn; the live amount and reward), as a subquery of one row.
 */
export const HOLDER_TOTALS_SUBQUERY = `(SELECT coalesce(sum(open_stakes), 0) AS open, coalesce(sum(waiting_stakes), 0) AS waiting,
               coalesce(sum(withdrawn_stakes), 0) AS withdrawn, coalesce(sum(live_amount), 0) AS amount, coalesce(sum(live_reward), 0) AS reward
        FROM holder_stake_totals WHERE wallet_address = $1)`;
/** The active stakes' amount in the plan `:planId`, as a subquery. */
export const PLAN_ACTIVE_STAKED_SUBQUERY = `(SELECT coalesce(sum(amount), 0) FROM stake_counts WHERE plan_id = :planId AND status = 'active')`;
export const STAKED_AMOUNT_SUBQUERY = `(SELECT coalesce(sum(amount), 0) FROM stake_counts WHERE status IN (:stakeStatuses))`;
export const PENDING_WITHDRAWALS_SUBQUERY = `(SELECT coalesce(sum(withdrawals), 0) FROM withdrawal_counts WHERE status = 'pending')`;

export async function withdrawalTotals(
  db: Sequelize,
  statuses?: readonly WithdrawalStatus[],
  transaction?: Transaction,
): Promise<{ count: number; finalAmount: string }> {
  const filter = statusFilter(statuses);
  const [row] = await db.query<{ count: string | null; amount: string | null }>(
    `SELECT sum(withdrawals)::text AS count, sum(final_amount)::text AS amount FROM withdrawal_counts WHERE ${filter.sql}`,
    { type: QueryTypes.SELECT, replacements: filter.replacements, ...(transaction ? { transaction } : {}) },
  );
  return { count: Number(row?.count ?? 0), finalAmount: row?.amount ?? '0' };
}

/**
 * Folds the delta rows into one row per key. One statement per table: a reader sees the rows
 * before or after, never half; deltas committed meanwhile are not in its snapshot and stay.
 * Skipped when another instance is at it.
 */
export async function compactTotals(db: Sequelize): Promise<boolean> {
  return db.transaction(async (transaction) => {
    const [lock] = await db.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock(:key) AS locked', {
      replacements: { key: COMPACT_LOCK_KEY },
      type: QueryTypes.SELECT,
      transaction,
    });
    if (!lock?.locked) return false;
    await db.query(
      `WITH moved AS (DELETE FROM stake_counts RETURNING *)
       INSERT INTO stake_counts (status, plan_id, plan_name, stakes, amount)
       SELECT status, plan_id, plan_name, sum(stakes), sum(amount) FROM moved
       GROUP BY 1, 2, 3 HAVING sum(stakes) <> 0 OR sum(amount) <> 0`,
      { transaction },
    );
    await db.query(
      `WITH moved AS (DELETE FROM withdrawal_counts RETURNING *)
       INSERT INTO withdrawal_counts (status, withdrawals, final_amount)
       SELECT status, sum(withdrawals), sum(final_amount) FROM moved
       GROUP BY 1 HAVING sum(withdrawals) <> 0 OR sum(final_amount) <> 0`,
      { transaction },
    );
    // Per holder (migration 011): only the holders with more than one row are rewritten.
    await db.query(
      `WITH several AS (SELECT wallet_address FROM holder_stake_totals GROUP BY wallet_address HAVING count(*) > 1),
       moved AS (DELETE FROM holder_stake_totals h USING several s WHERE h.wallet_address = s.wallet_address RETURNING h.*)
       INSERT INTO holder_stake_totals (wallet_address, open_stakes, waiting_stakes, withdrawn_stakes, live_amount, live_reward)
       SELECT wallet_address, sum(open_stakes), sum(waiting_stakes), sum(withdrawn_stakes), sum(live_amount), sum(live_reward) FROM moved
       GROUP BY 1 HAVING sum(open_stakes) <> 0 OR sum(waiting_stakes) <> 0 OR sum(withdrawn_stakes) <> 0
         OR sum(live_amount) <> 0 OR sum(live_reward) <> 0`,
      { transaction },
    );
    return true;
  });
}

/** Active stakes per plan, for the remaining capacity the plans list shows. */
export async function activeStakedByPlan(db: Sequelize, planIds: number[]): Promise<Map<number, string>> {
  if (planIds.length === 0) return new Map();
  const rows = await db.query<{ plan_id: number; staked: string }>(
    `SELECT plan_id, sum(amount)::text AS staked FROM stake_counts WHERE plan_id IN (:planIds) AND status = 'active' GROUP BY plan_id`,
    { replacements: { planIds }, type: QueryTypes.SELECT },
  );
  return new Map(rows.map((row) => [row.plan_id, normalizeDecimal(row.staked)]));
}
