import { Op, type Sequelize, type Transaction } from 'sequelize';
import type { AdminRole } from '@stakedesk/shared/roles';
import { adminsTable, type Admin } from './admin.model.js';

/*
 * The admins table for the module that manages accounts (accounts/: the first admin, admins made,
 * changed and removed, an admin's own password and two-factor): access owns the table, and these
 * are its only reads and writes outside access's own sign-in and step-up.
 */

export type NewAdmin = Pick<Admin, 'email' | 'username' | 'passwordHash'> & { role: AdminRole };
export type AdminChanges = Partial<
  Pick<
    Admin,
    | 'email'
    | 'username'
    | 'passwordHash'
    | 'role'
    | 'tokenVersion'
    | 'keptSessionId'
    | 'twoFactorEnabled'
    | 'twoFactorSecret'
    | 'twoFactorPendingSecret'
    | 'twoFactorLastStep'
  >
>;

export const countAdmins = (db: Sequelize, transaction: Transaction) => adminsTable(db).count({ transaction });

export const addAdmin = (db: Sequelize, values: NewAdmin, transaction: Transaction) => adminsTable(db).create(values, { transaction });

export const findAdmin = (db: Sequelize, id: number) => adminsTable(db).findByPk(id);

export const lockAdmin = (db: Sequelize, id: number, transaction: Transaction) =>
  adminsTable(db).findByPk(id, { transaction, lock: transaction.LOCK.UPDATE });

/** Every admin, locked in id order: two such transactions never deadlock. */
export const lockEveryAdmin = (db: Sequelize, transaction: Transaction) =>
  adminsTable(db).findAll({ order: [['id', 'ASC']], transaction, lock: transaction.LOCK.UPDATE });

/** A page of admins in id order (`limit + 1` rows, to tell whether another page follows), and how many there are. */
export async function adminsPage(
  db: Sequelize,
  { limit, offset, afterId }: { limit: number; offset: number; afterId?: number },
): Promise<{ fetched: Admin[]; total: number }> {
  const [fetched, total] = await Promise.all([
    adminsTable(db).findAll({
      where: afterId === undefined ? {} : { id: { [Op.gt]: afterId } },
      order: [['id', 'ASC']],
      limit: limit + 1,
      offset: afterId === undefined ? offset : 0,
    }),
    adminsTable(db).count(),
  ]);
  return { fetched, total };
}

/** Writes `changes` to the admin's row (and to `admin`, which callers read again). */
export async function changeAdmin(admin: Admin, changes: AdminChanges, transaction: Transaction): Promise<void> {
  admin.set(changes);
  await admin.save({ transaction });
}

export const deleteAdminRow = (admin: Admin, transaction: Transaction) => admin.destroy({ transaction });
