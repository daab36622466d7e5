import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';

export class AuditLog extends Model<InferAttributes<AuditLog>, InferCreationAttributes<AuditLog>> {
  declare id: CreationOptional<string>;
  declare adminId: number | null;
  declare adminUsername: string;
  declare action: string;
  declare entityType: string;
  declare entityId: string | null;
  declare before: unknown;
  declare after: unknown;
  declare createdAt: CreationOptional<Date>;

  static initModel(db: Sequelize): void {
    AuditLog.init(
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
      { sequelize: db, tableName: 'audit_logs', underscored: true, updatedAt: false },
    );
  }
}
