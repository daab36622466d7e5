import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from 'sequelize';
import { tableModel } from '../db/table-model.js';

class AuditLog extends Model<InferAttributes<AuditLog>, InferCreationAttributes<AuditLog>> {
  declare id: CreationOptional<string>;
  declare adminId: number | null;
  declare adminUsername: string;
  declare action: string;
  declare entityType: string;
  declare entityId: string | null;
  declare before: unknown;
  declare after: unknown;
  declare createdAt: CreationOptional<Date>;
}
// A type only: the class is bound to no database, so a query through its statics would reach none.
export type { AuditLog };

/** `audit_logs` through the model bound to this database handle: one class per handle, made the first time it is asked for. */
export const auditLogsTable = tableModel(
  AuditLog,
  {
    id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
    adminId: DataTypes.INTEGER,
    adminUsername: DataTypes.STRING(50),
    action: DataTypes.STRING(60),
    entityType: DataTypes.STRING(30),
    entityId: DataTypes.STRING(60),
    before: DataTypes.JSONB,
    after: DataTypes.JSONB,
    createdAt: DataTypes.DATE,
  },
  { tableName: 'audit_logs', underscored: true, updatedAt: false },
);
