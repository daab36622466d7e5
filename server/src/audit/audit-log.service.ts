import type { AuditLogEntry } from '@stakedesk/shared/api-types';
import { AuditLog } from './audit-log.model.js';

function toJson(entry: AuditLog): AuditLogEntry {
  return {
    id: Number(entry.id),
    adminId: entry.adminId,
    adminUsername: entry.adminUsername,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    before: entry.before,
    after: entry.after,
    createdAt: entry.createdAt.toISOString(),
  };
}

/** One page of the audit log, newest first. */
export async function listAuditLog(page: { limit: number; offset: number }): Promise<{ rows: AuditLogEntry[]; total: number }> {
  const { rows, count } = await AuditLog.findAndCountAll({
    order: [
      ['createdAt', 'DESC'],
      ['id', 'DESC'],
    ],
    ...page,
  });
  return { rows: rows.map(toJson), total: count };
}
