import type { ChangeRequestKind, ChangeRequestStatus, FieldChange } from '@stakedesk/shared/change-requests';
import type { CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from 'sequelize';
import { tableModel } from '../db/table-model.js';

/** A change that waits, or waited, for a second owner (db/migrations/032-change-requests.ts). */
class ChangeRequest extends Model<InferAttributes<ChangeRequest>, InferCreationAttributes<ChangeRequest>> {
  declare id: CreationOptional<number>;
  declare kind: ChangeRequestKind;
  declare targetId: number | null;
  declare targetName: string | null;
  /** Unmasked: what taking effect writes, and what the changed thing must still hold then. */
  declare changes: FieldChange[];
  /** What taking effect writes besides the changes (a new mint's profile, read when it was asked). */
  declare effects: CreationOptional<Record<string, unknown>>;
  declare status: CreationOptional<ChangeRequestStatus>;
  declare requestedBy: number | null;
  declare requestedByUsername: string;
  declare requestedAt: CreationOptional<Date>;
  declare expiresAt: Date;
  declare decidedBy: CreationOptional<number | null>;
  declare decidedByUsername: CreationOptional<string | null>;
  declare decidedAt: CreationOptional<Date | null>;
  declare reason: CreationOptional<string | null>;
  declare effectiveAt: CreationOptional<Date | null>;
  declare appliedAt: CreationOptional<Date | null>;
  declare failure: CreationOptional<CodedMessage | null>;
}
// A type only: the class is bound to no database, so a query through its statics would reach none.
export type { ChangeRequest };

/** `change_requests` through the model bound to this database handle: one class per handle, made the first time it is asked for. */
export const changeRequestsTable = tableModel(
  ChangeRequest,
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    kind: DataTypes.STRING(20),
    targetId: DataTypes.INTEGER,
    targetName: DataTypes.STRING(500),
    changes: DataTypes.JSONB,
    effects: DataTypes.JSONB,
    status: DataTypes.STRING(12),
    requestedBy: DataTypes.INTEGER,
    requestedByUsername: DataTypes.STRING(50),
    requestedAt: DataTypes.DATE,
    expiresAt: DataTypes.DATE,
    decidedBy: DataTypes.INTEGER,
    decidedByUsername: DataTypes.STRING(50),
    decidedAt: DataTypes.DATE,
    reason: DataTypes.STRING(500),
    effectiveAt: DataTypes.DATE,
    appliedAt: DataTypes.DATE,
    failure: DataTypes.JSONB,
  },
  { tableName: 'change_requests', underscored: true, timestamps: false },
);
