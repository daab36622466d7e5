import type { Sequelize, Transaction } from 'sequelize';
import type { AdminRole } from '@stakedesk/shared/roles';
import { adminsTable } from './admin.model.js';

/*
 * What the four-eyes rules (DESIGN 17) read of the admins, in the caller's transaction. Settings
 * and approvals cannot import access (access imports settings, which import approvals): app.ts and
 * four-eyes.ts hand these to them.
 */

/** How many owners there are now. */
export const ownerCount = (db: Sequelize, transaction: Transaction): Promise<number> =>
  adminsTable(db).count({ where: { role: 'owner' }, transaction });

/** The admin's role as stored now; undefined once the admin is gone. */
export async function roleOfAdmin(db: Sequelize, adminId: number, transaction: Transaction): Promise<AdminRole | undefined> {
  return (await adminsTable(db).findByPk(adminId, { attributes: ['role'], transaction }))?.role;
}
