import { Router } from 'express';
import type { AuditLogEntry } from '@stakedesk/shared/api-types';
import { readPage, sendPage } from '../http/pagination.js';
import { AuditLog } from './audit-log.model.js';
import { requireRole } from '../admins/require-role.js';

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

export function auditAdminRoutes(): Router {
  const router = Router();
  router.get('/audit-log', requireRole('viewer'), async (req, res) => {
    const { limit, offset } = readPage(req);
    const { rows, count } = await AuditLog.findAndCountAll({
      order: [
        ['createdAt', 'DESC'],
        ['id', 'DESC'],
      ],
      limit,
      offset,
    });
    sendPage(res, { rows: rows.map(toJson), total: count });
  });
  return router;
}
