import type { AutoPayoutPolicy } from '@stakedesk/shared/auto-payout';
import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from 'sequelize';
import { tableModel } from '../db/table-model.js';

export type SocialLinks = Partial<Record<'telegram' | 'discord' | 'twitter' | 'instagram' | 'tiktok', string>>;

/** A transfer fee as JSON keeps it: the maximum as a decimal string of raw units. */
export type StoredTransferFee = { basisPoints: number; maximumFee: string };

/** The single settings row (id 1). */
class Settings extends Model<InferAttributes<Settings>, InferCreationAttributes<Settings>> {
  declare id: CreationOptional<number>;
  declare tokenName: string;
  declare tokenSymbol: string;
  declare tokenContract: string;
  declare tokenLogo: string | null;
  declare stakingWallet: string;
  declare heliusApiKey: string;
  declare heliusRpcUrl: string;
  /** The chain endpoint holders' browsers read for the proof of reserves; '' for the cluster's public one (migration 025). */
  declare holderRpcUrl: string;
  declare supportEmail: string;
  declare supportWhatsapp: string;
  declare supportTelegram: string;
  declare maintenanceMode: boolean;
  declare maintenanceMessage: string;
  declare maintenanceType: 'maintenance' | 'update';
  declare maintenanceEstimatedTime: string;
  declare socialLinks: SocialLinks;
  declare statsOffsetStaked: string;
  declare statsOffsetStakers: number;
  declare requireTwoFactor: boolean;
  /** Owners sign in and step up with a passkey only (DESIGN 17). */
  declare requirePasskeysForOwners: boolean;
  /** The mint as read when the token contract was saved (db/migrations/014-mint-profile.ts). */
  declare tokenProgram: string | null;
  declare tokenDecimals: number | null;
  declare tokenExtensions: string[];
  declare transferFee: StoredTransferFee | null;
  /** The wallet that can freeze the mint's accounts, null when none (db/migrations/028-mint-freeze-authority.ts). */
  declare tokenFreezeAuthority: string | null;
  declare autoPayout: AutoPayoutPolicy;
  /** Whole tokens; null for none (db/migrations/033-withdrawal-approvals.ts). */
  declare approvalThreshold: string | null;
  /** How long an approved staking wallet or mint change waits (DESIGN 17; migration 032). */
  declare walletChangeDelayHours: CreationOptional<number>;
  declare updatedAt: CreationOptional<Date>;
  declare createdAt: CreationOptional<Date>;
}
// A type only: the class is bound to no database, so a query through its statics would reach none.
export type { Settings };

/** `settings` through the model bound to this database handle: one class per handle, made the first time it is asked for. */
export const settingsTable = tableModel(
  Settings,
  {
    id: { type: DataTypes.SMALLINT, primaryKey: true, defaultValue: 1 },
    tokenName: DataTypes.STRING(100),
    tokenSymbol: DataTypes.STRING(20),
    tokenContract: DataTypes.STRING(44),
    tokenLogo: DataTypes.TEXT,
    stakingWallet: DataTypes.STRING(44),
    heliusApiKey: DataTypes.STRING(200),
    heliusRpcUrl: DataTypes.STRING(500),
    holderRpcUrl: DataTypes.STRING(500),
    supportEmail: DataTypes.STRING(254),
    supportWhatsapp: DataTypes.STRING(200),
    supportTelegram: DataTypes.STRING(200),
    maintenanceMode: DataTypes.BOOLEAN,
    maintenanceMessage: DataTypes.STRING(1000),
    maintenanceType: DataTypes.STRING(20),
    maintenanceEstimatedTime: DataTypes.STRING(200),
    socialLinks: DataTypes.JSONB,
    statsOffsetStaked: DataTypes.DECIMAL(40, 0),
    statsOffsetStakers: DataTypes.INTEGER,
    requireTwoFactor: DataTypes.BOOLEAN,
    requirePasskeysForOwners: DataTypes.BOOLEAN,
    tokenProgram: DataTypes.STRING(44),
    tokenDecimals: DataTypes.SMALLINT,
    tokenExtensions: DataTypes.JSONB,
    transferFee: DataTypes.JSONB,
    tokenFreezeAuthority: DataTypes.STRING(44),
    autoPayout: DataTypes.JSONB,
    approvalThreshold: DataTypes.DECIMAL(38, 8),
    walletChangeDelayHours: DataTypes.INTEGER,
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { tableName: 'settings', underscored: true },
);
