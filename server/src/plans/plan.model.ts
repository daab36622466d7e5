import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from 'sequelize';
import { tableModel } from '../db/table-model.js';

/** Soft-deleted (paranoid) when stakes refer to it, so their history keeps its plan. */
class StakingPlan extends Model<InferAttributes<StakingPlan>, InferCreationAttributes<StakingPlan>> {
  declare id: CreationOptional<number>;
  declare name: string;
  declare description: string | null;
  declare yieldRate: string;
  /** 0 for a demo plan counted in minutes. */
  declare durationDays: number;
  /** A demo plan's duration (DESIGN 16); null for every other plan. */
  declare durationMinutes: CreationOptional<number | null>;
  declare minStakeAmount: string;
  declare earlyPenaltyRate: string;
  declare isActive: CreationOptional<boolean>;
  declare maxTotalStaked: CreationOptional<string | null>;
  declare maxPerWallet: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
  declare deletedAt: CreationOptional<Date | null>;
}
// A type only: the class is bound to no database, so a query through its statics would reach none.
export type { StakingPlan };

/** `staking_plans` through the model bound to this database handle: one class per handle, made the first time it is asked for. */
export const plansTable = tableModel(
  StakingPlan,
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    name: DataTypes.STRING(100),
    description: DataTypes.STRING(1000),
    yieldRate: DataTypes.DECIMAL(12, 2),
    durationDays: DataTypes.INTEGER,
    durationMinutes: DataTypes.INTEGER,
    minStakeAmount: DataTypes.DECIMAL(38, 8),
    earlyPenaltyRate: DataTypes.DECIMAL(5, 2),
    isActive: { type: DataTypes.BOOLEAN, defaultValue: true },
    maxTotalStaked: DataTypes.DECIMAL(40, 0),
    maxPerWallet: DataTypes.DECIMAL(40, 0),
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
    deletedAt: DataTypes.DATE,
  },
  { tableName: 'staking_plans', underscored: true, paranoid: true },
);
