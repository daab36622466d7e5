import type { Sequelize } from 'sequelize';
import { Admin } from './access/index.js';
import { ChangeRequest } from './approvals/index.js';
import { AuditLog } from './audit/index.js';
import { openConnection } from './db/database.js';
import { StakingPlan } from './plans/index.js';
import { Settings } from './settings/index.js';
import { Stake } from './stakes/index.js';
import { Withdrawal } from './withdrawals/index.js';

/** The database with every module's Sequelize models on it: the one place that knows them all. */
export function openDatabase(url: string): Sequelize {
  const db = openConnection(url);
  for (const model of [Settings, StakingPlan, Stake, Withdrawal, Admin, AuditLog, ChangeRequest]) model.initModel(db);
  Stake.belongsTo(StakingPlan, { foreignKey: 'planId', as: 'plan' });
  Withdrawal.belongsTo(Stake, { foreignKey: 'stakeId', as: 'stake' });
  return db;
}
