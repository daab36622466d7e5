import { QueryTypes, type Sequelize } from 'sequelize';
import type { LiveStakes } from '../settings/index.js';
import { STAKE_LIVE_SQL } from './stake-rules-sql.js';

export function liveStakesIn(db: Sequelize): LiveStakes {
  return async (transaction) => {
    const [live] = await db.query(`SELECT 1 FROM stakes WHERE ${STAKE_LIVE_SQL} LIMIT 1`, { type: QueryTypes.SELECT, transaction });
    return live !== undefined;
  };
}
