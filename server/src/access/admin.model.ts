import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from 'sequelize';
import { tableModel } from '../db/table-model.js';
import type { AdminRole } from '@stakedesk/shared/roles';

class Admin extends Model<InferAttributes<Admin>, InferCreationAttributes<Admin>> {
  declare id: CreationOptional<number>;
  declare email: string;
  declare username: string;
  declare passwordHash: string;
  declare role: CreationOptional<AdminRole>;
  /** Bumped when the admin's sessions must end (password or role change, sign-out everywhere). */
  declare tokenVersion: CreationOptional<number>;
  /** The one session that outlives a bump: its own admin changed the password from it. */
  declare keptSessionId: CreationOptional<string | null>;
  declare twoFactorEnabled: CreationOptional<boolean>;
  /** Encrypted (secret-box.ts); never leaves the server after enrolment. */
  declare twoFactorSecret: CreationOptional<string | null>;
  /** Encrypted; the secret being enrolled, until a code from it confirms it. */
  declare twoFactorPendingSecret: CreationOptional<string | null>;
  /** The last TOTP time step accepted: codes of that step or earlier are refused (no replay). */
  declare twoFactorLastStep: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}
// A type only: the class is bound to no database, so a query through its statics would reach none.
export type { Admin };

/** `admins` through the model bound to this database handle: one class per handle, made the first time it is asked for. */
export const adminsTable = tableModel(
  Admin,
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    email: DataTypes.STRING(254),
    username: DataTypes.STRING(50),
    passwordHash: DataTypes.STRING(100),
    role: { type: DataTypes.STRING(10), defaultValue: 'operator' },
    tokenVersion: { type: DataTypes.INTEGER, defaultValue: 0 },
    keptSessionId: { type: DataTypes.UUID, defaultValue: null },
    twoFactorEnabled: { type: DataTypes.BOOLEAN, defaultValue: false },
    twoFactorSecret: { type: DataTypes.STRING(200), defaultValue: null },
    twoFactorPendingSecret: { type: DataTypes.STRING(200), defaultValue: null },
    twoFactorLastStep: { type: DataTypes.BIGINT, defaultValue: null },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { tableName: 'admins', underscored: true },
);
