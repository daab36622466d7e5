import { QueryTypes, type Sequelize } from 'sequelize';
import type { AdminStats, Stats } from '@stakedesk/shared/api-types';
import { LIVE_STAKE_STATUSES, type StakeStatus } from '@stakedesk/shared/stake-status';
import { ACTIVE_PLANS_SUBQUERY } from '../plans/index.js';
import { holdersSql } from '../stakes/index.js';
import { PENDING_WITHDRAWALS_SUBQUERY, STAKED_AMOUNT_SUBQUERY, stakeTotals } from '../totals/index.js';

const LIVE = [...LIVE_STAKE_STATUSES];

/**
 * How many wallets have a stake (of these statuses): the one figure the per-status counts cannot
 * give. Each wallet counted once over the whole table: linear in the stakes, so its callers keep
 * the result for a while (STATS_CACHE_MS).
 */
export async function countHolders(db: Sequelize, statuses?: StakeStatus[]): Promise<number> {
  const [row] = await db.query<{ holders: string }>(`SELECT (${holdersSql(statuses !== undefined)})::text AS holders`, {
    type: QueryTypes.SELECT,
    replacements: statuses ? { statuses } : {},
  });
  return Number(row!.holders);
}

/** True totals of what is staked now; the landing page adds the display offsets itself. */
export async function publicStats(db: Sequelize): Promise<Stats> {
  const [totals, stakers] = await Promise.all([stakeTotals(db, LIVE), countHolders(db, LIVE)]);
  return { totalStaked: totals.amount, totalStakers: stakers };
}

/**
 * The admin cards, all four read by one statement, so in one snapshot: they always agree with each
 * other (a deposit is in both Total Users and Total Staked or in neither). The holder count walks
 * every stake, so the route keeps this snapshot until something changes (stats.routes.ts).
 */
export async function adminStats(db: Sequelize): Promise<AdminStats> {
  const [row] = await db.query<{ users: string; staked: string; pending: string; plans: string }>(
    `SELECT (${holdersSql(false)})::text AS users, ${STAKED_AMOUNT_SUBQUERY}::text AS staked, ${PENDING_WITHDRAWALS_SUBQUERY}::text AS pending,
       ${ACTIVE_PLANS_SUBQUERY}::text AS plans`,
    { type: QueryTypes.SELECT, replacements: { stakeStatuses: LIVE } },
  );
  return {
    totalUsers: Number(row!.users),
    totalStaked: row!.staked,
    pendingWithdrawals: Number(row!.pending),
    activePlans: Number(row!.plans),
  };
}
