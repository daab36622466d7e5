import type { Sequelize } from 'sequelize';
import { Admin } from './admins/admin.model.js';
import { AuditLog } from './audit/audit-log.model.js';
import { openConnection } from './db/database.js';
import { StakingPlan } from './plans/plan.model.js';
import { Settings } from './settings/settings.model.js';
import { Stake } from './stakes/stake.model.js';
import { Withdrawal } from './withdrawals/withdrawal.model.js';

/** The database with every module's Sequelize models on it: the one place that knows them all. */
export function openDatabase(url: string): Sequelize {
  const sequelize = openConnection(url);
  for (const model of [Settings, StakingPlan, Stake, Withdrawal, Admin, AuditLog]) model.initModel(sequelize);
  Stake.belongsTo(StakingPlan, { foreignKey: 'planId', as: 'plan' });
  Withdrawal.belongsTo(Stake, { foreignKey: 'stakeId', as: 'stake' });
  return sequelize;
}
