import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from 'sequelize';
import { tableModel } from '../db/table-model.js';
import type { WithdrawalStatus } from '@stakedesk/shared/stake-status';

/** A withdrawal's columns without the model around them: what a list reads with `raw: true`. */
export type WithdrawalRow = InferAttributes<Withdrawal>;

class Withdrawal extends Model<InferAttributes<Withdrawal>, InferCreationAttributes<Withdrawal>> {
  declare id: CreationOptional<number>;
  declare stakeId: number;
  declare walletAddress: string;
  declare kind: 'full' | 'early';
  declare amount: string;
  declare rewardAmount: string;
  declare penaltyAmount: string;
  declare finalAmount: string;
  declare status: CreationOptional<WithdrawalStatus>;
  /** Where the stake goes back to if an admin rejects the request. */
  declare stakeStatusBefore: 'active' | 'completed';
  declare txId: CreationOptional<string | null>;
  /** Copied from the stake: the payout must be this mint, from this wallet. */
  declare tokenContract: string;
  declare stakingWallet: string;
  declare rejectReason: CreationOptional<string | null>;
  declare processedBy: CreationOptional<number | null>;
  /** Four eyes (db/migrations/033-withdrawal-approvals.ts): null until an admin approves it. */
  declare approvedBy: CreationOptional<number | null>;
  declare approvedByUsername: CreationOptional<string | null>;
  declare approvedAt: CreationOptional<Date | null>;
  declare requestedAt: CreationOptional<Date>;
  declare processedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}
// A type only: the class is bound to no database, so a query through its statics would reach none.
export type { Withdrawal };

/** `withdrawals` through the model bound to this database handle: one class per handle, made the first time it is asked for. */
export const withdrawalsTable = tableModel(
  Withdrawal,
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    stakeId: DataTypes.INTEGER,
    walletAddress: DataTypes.STRING(44),
    kind: DataTypes.STRING(10),
    amount: DataTypes.DECIMAL(40, 0),
    rewardAmount: DataTypes.DECIMAL(40, 0),
    penaltyAmount: DataTypes.DECIMAL(40, 0),
    finalAmount: DataTypes.DECIMAL(40, 0),
    status: { type: DataTypes.STRING(20), defaultValue: 'pending' },
    stakeStatusBefore: DataTypes.STRING(20),
    txId: DataTypes.STRING(100),
    tokenContract: DataTypes.STRING(44),
    stakingWallet: DataTypes.STRING(44),
    rejectReason: DataTypes.STRING(500),
    processedBy: DataTypes.INTEGER,
    approvedBy: DataTypes.INTEGER,
    approvedByUsername: DataTypes.STRING(50),
    approvedAt: DataTypes.DATE,
    requestedAt: { type: DataTypes.DATE, defaultValue: DataTypes.NOW },
    processedAt: DataTypes.DATE,
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { tableName: 'withdrawals', underscored: true },
);
