import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from 'sequelize';
import { tableModel } from '../db/table-model.js';
import type { StakeStatus } from '@stakedesk/shared/stake-status';

/** A stake's columns without the model around them: what a list reads with `raw: true`. */
export type StakeRow = InferAttributes<Stake>;

/** A stake with a snapshot of its plan's terms taken when it was made. */
class Stake extends Model<InferAttributes<Stake>, InferCreationAttributes<Stake>> {
  declare id: CreationOptional<number>;
  declare walletAddress: string;
  declare planId: number;
  declare planName: string;
  declare planDescription: string | null;
  declare yieldRate: string;
  declare durationDays: number;
  /** The demo plan's minutes it was made on (DESIGN 16); null for a plan of days. */
  declare durationMinutes: CreationOptional<number | null>;
  declare minStakeAmount: string;
  declare earlyPenaltyRate: string;
  declare amount: string;
  declare rewardAmount: string;
  declare rewardForfeited: CreationOptional<boolean>;
  declare status: CreationOptional<StakeStatus>;
  declare txId: string | null;
  declare restakedFromId: number | null;
  declare overCapacity: CreationOptional<boolean>;
  /** The mint and staking wallet the deposit was verified against (a restake keeps its original's). */
  declare tokenContract: string;
  declare stakingWallet: string;
  declare endsAt: Date;
  declare completedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}
// A type only: the class is bound to no database, so a query through its statics would reach none.
export type { Stake };

/** `stakes` through the model bound to this database handle: one class per handle, made the first time it is asked for. */
export const stakesTable = tableModel(
  Stake,
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    walletAddress: DataTypes.STRING(44),
    planId: DataTypes.INTEGER,
    planName: DataTypes.STRING(100),
    planDescription: DataTypes.STRING(1000),
    yieldRate: DataTypes.DECIMAL(12, 2),
    durationDays: DataTypes.INTEGER,
    durationMinutes: DataTypes.INTEGER,
    minStakeAmount: DataTypes.DECIMAL(38, 8),
    earlyPenaltyRate: DataTypes.DECIMAL(5, 2),
    amount: DataTypes.DECIMAL(40, 0),
    rewardAmount: DataTypes.DECIMAL(40, 0),
    rewardForfeited: { type: DataTypes.BOOLEAN, defaultValue: false },
    status: { type: DataTypes.STRING(20), defaultValue: 'active' },
    txId: DataTypes.STRING(100),
    restakedFromId: DataTypes.INTEGER,
    overCapacity: { type: DataTypes.BOOLEAN, defaultValue: false },
    tokenContract: DataTypes.STRING(44),
    stakingWallet: DataTypes.STRING(44),
    endsAt: DataTypes.DATE,
    completedAt: DataTypes.DATE,
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { tableName: 'stakes', underscored: true },
);
