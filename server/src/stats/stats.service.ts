import { QueryTypes, Transaction, type Sequelize } from 'sequelize';
import type { AdminStats, Stats } from '@stakedesk/shared/api-types';
import { LIVE_STAKE_STATUSES, type StakeStatus } from '@stakedesk/shared/stake-status';
import { stakeTotals, withdrawalTotals } from '../totals/index.js';

const LIVE = [...LIVE_STAKE_STATUSES];

/**
 * How many wallets have a stake (of these statuses): the one figure the per-status counts cannot
 * give. Each wallet counted once over the whole table: linear in the stakes, so its callers keep
 * the result for a while (STATS_CACHE_MS).
 */
export async function countHolders(sequelize: Sequelize, statuses?: StakeStatus[], transaction?: Transaction): Promise<number> {
  const [row] = await sequelize.query<{ holders: string }>(
    `SELECT count(*)::text AS holders FROM (SELECT DISTINCT wallet_address FROM stakes ${statuses ? 'WHERE status IN (:statuses)' : ''}) holders`,
    { type: QueryTypes.SELECT, replacements: statuses ? { statuses } : {}, ...(transaction ? { transaction } : {}) },
  );
  return Number(row!.holders);
}

/** True totals of what is staked now; the landing page adds the display offsets itself. */
export async function publicStats(sequelize: Sequelize): Promise<Stats> {
  const [totals, stakers] = await Promise.all([stakeTotals(sequelize, LIVE), countHolders(sequelize, LIVE)]);
  return { totalStaked: totals.amount, totalStakers: stakers };
}

/**
 * The admin cards, all four read in one snapshot (one REPEATABLE READ transaction), so they always
 * agree with each other: a deposit is in both Total Users and Total Staked or in neither. The
 * holder count walks every stake, so the route keeps this snapshot for a while (stats.routes.ts).
 */
export async function adminStats(sequelize: Sequelize): Promise<AdminStats> {
  return sequelize.transaction({ isolationLevel: Transaction.ISOLATION_LEVELS.REPEATABLE_READ, readOnly: true }, async (transaction) => {
    const totalUsers = await countHolders(sequelize, undefined, transaction);
    const staked = await stakeTotals(sequelize, LIVE, transaction);
    const pending = await withdrawalTotals(sequelize, ['pending'], transaction);
    const [plans] = await sequelize.query<{ active: string }>(
      `SELECT count(*)::text AS active FROM staking_plans WHERE is_active AND deleted_at IS NULL`,
      { type: QueryTypes.SELECT, transaction },
    );
    return { totalUsers, totalStaked: staked.amount, pendingWithdrawals: pending.count, activePlans: Number(plans!.active) };
  });
}
