import bcrypt from 'bcryptjs';
import { Op, type Sequelize } from 'sequelize';
import type { Admin as AdminJson } from '@stakedesk/shared/api-types';
import { MESSAGES } from '@stakedesk/shared/messages';
import type { AdminCreateInput, AdminUpdateInput } from '@stakedesk/shared/schemas';
import { recordAudit, type Actor } from '../audit/audit.js';
import { isUniqueViolation } from '../db/errors.js';
import { AppError, badRequest, conflict, notFound, unauthorized } from '../http/errors.js';
import type { Page } from '../http/pagination.js';
import { BCRYPT_COST } from './admin-auth.js';
import { Admin } from './admin.model.js';

export function toAdminJson(admin: Admin): AdminJson {
  return { id: admin.id, email: admin.email, username: admin.username, createdAt: admin.createdAt.toISOString() };
}

export async function listAdmins(page: Page): Promise<{ rows: AdminJson[]; total: number }> {
  const { rows, count } = await Admin.findAndCountAll({ order: [['id', 'ASC']], ...page });
  return { rows: rows.map(toAdminJson), total: count };
}

const fieldConflict = (field: string, message: string) => new AppError(409, message, { [field]: message });

async function uniqueOrConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'admins_username_unique')) throw fieldConflict('username', MESSAGES.usernameTaken);
    if (isUniqueViolation(error, 'admins_email_unique')) throw fieldConflict('email', MESSAGES.emailTaken);
    throw error;
  }
}

export async function createAdmin(sequelize: Sequelize, input: AdminCreateInput, actor: Actor): Promise<Admin> {
  if (!input.password) throw badRequest(MESSAGES.passwordRequiredForNewAdmin, { password: MESSAGES.passwordRequiredForNewAdmin });
  const passwordHash = await bcrypt.hash(input.password, BCRYPT_COST);
  return uniqueOrConflict(() =>
    sequelize.transaction(async (transaction) => {
      const admin = await Admin.create({ email: input.email, username: input.username, passwordHash }, { transaction });
      await recordAudit(transaction, actor, { action: 'admin.create', entityType: 'admin', entityId: admin.id, after: toAdminJson(admin) });
      return admin;
    }),
  );
}

export async function updateAdmin(sequelize: Sequelize, id: number, input: AdminUpdateInput, actor: Actor): Promise<Admin> {
  const passwordHash = input.password ? await bcrypt.hash(input.password, BCRYPT_COST) : undefined;
  return uniqueOrConflict(() =>
    sequelize.transaction(async (transaction) => {
      const admin = await Admin.findByPk(id, { transaction, lock: transaction.LOCK.UPDATE });
      if (!admin) throw notFound(MESSAGES.adminNotFound);
      const before = toAdminJson(admin);
      admin.set({ email: input.email, username: input.username });
      // A new password ends every session signed with the old one.
      if (passwordHash) admin.set({ passwordHash, tokenVersion: admin.tokenVersion + 1 });
      await admin.save({ transaction });
      await recordAudit(transaction, actor, {
        action: passwordHash ? 'admin.update_with_password' : 'admin.update',
        entityType: 'admin',
        entityId: admin.id,
        before,
        after: toAdminJson(admin),
      });
      return admin;
    }),
  );
}

export async function deleteAdmin(sequelize: Sequelize, id: number, actor: Actor): Promise<void> {
  if (id === actor.id) throw conflict(MESSAGES.cannotDeleteSelf);
  await sequelize.transaction(async (transaction) => {
    // Locking every admin row makes two admins deleting each other take turns, so one always remains.
    const admins = await Admin.findAll({ where: { id: { [Op.gt]: 0 } }, transaction, lock: transaction.LOCK.UPDATE });
    const admin = admins.find((a) => a.id === id);
    if (!admin) throw notFound(MESSAGES.adminNotFound);
    if (!admins.some((a) => a.id === actor.id)) throw unauthorized(MESSAGES.sessionExpired);
    await admin.destroy({ transaction });
    await recordAudit(transaction, actor, { action: 'admin.delete', entityType: 'admin', entityId: id, before: toAdminJson(admin) });
  });
}
