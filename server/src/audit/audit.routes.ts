import { Router } from 'express';
import type { Dependencies } from '../dependencies.js';
import { readCursorPage, sendPage } from '../http/pagination.js';
import { listAuditLog } from './audit-log.service.js';
import { requireRole } from '../http/signed-in-admin.js';

export function auditAdminRoutes({ database }: Dependencies): Router {
  const router = Router();
  router.get('/audit-log', requireRole('GET /api/admin/audit-log'), async (req, res) => {
    const { page, after, scope } = readCursorPage(req, 'GET /api/admin/audit-log', 'audit-log');
    sendPage(res, await listAuditLog(database, page, after), scope);
  });
  return router;
}
