import { Router } from 'express';
import { QueryTypes, type Sequelize } from 'sequelize';
import type { AdminStats, Stats } from '@stakedesk/shared/api-types';

const LIVE = `status IN ('active', 'completed', 'pending_withdrawal')`;

/** True totals of what is staked now; the landing page adds the display offsets itself. */
async function publicStats(sequelize: Sequelize): Promise<Stats> {
  const [row] = await sequelize.query<{ total_staked: string; total_stakers: string }>(
    `SELECT coalesce(sum(amount), 0)::text AS total_staked, count(DISTINCT wallet_address)::text AS total_stakers
     FROM stakes WHERE ${LIVE}`,
    { type: QueryTypes.SELECT },
  );
  return { totalStaked: row!.total_staked, totalStakers: Number(row!.total_stakers) };
}

async function adminStats(sequelize: Sequelize): Promise<AdminStats> {
  const [row] = await sequelize.query<Record<'total_users' | 'total_staked' | 'pending' | 'active_plans', string>>(
    `SELECT
       (SELECT count(DISTINCT wallet_address) FROM stakes)::text AS total_users,
       (SELECT coalesce(sum(amount), 0) FROM stakes WHERE ${LIVE})::text AS total_staked,
       (SELECT count(*) FROM withdrawals WHERE status = 'pending')::text AS pending,
       (SELECT count(*) FROM staking_plans WHERE is_active AND deleted_at IS NULL)::text AS active_plans`,
    { type: QueryTypes.SELECT },
  );
  return {
    totalUsers: Number(row!.total_users),
    totalStaked: row!.total_staked,
    pendingWithdrawals: Number(row!.pending),
    activePlans: Number(row!.active_plans),
  };
}

export function statsPublicRoutes(sequelize: Sequelize): Router {
  return Router().get('/stats', async (_req, res) => {
    res.json(await publicStats(sequelize));
  });
}

export function statsAdminRoutes(sequelize: Sequelize): Router {
  return Router().get('/stats', async (_req, res) => {
    res.json(await adminStats(sequelize));
  });
}
