import { Router } from 'express';
import { readCursorPage, sendPage } from '../http/pagination.js';
import { listAuditLog } from './audit-log.service.js';
import { requireRole } from '../http/signed-in-admin.js';

export function auditAdminRoutes(): Router {
  const router = Router();
  router.get('/audit-log', requireRole('GET /api/admin/audit-log'), async (req, res) => {
    const { page, after, scope } = readCursorPage(req, 'audit-log');
    sendPage(res, await listAuditLog(page, after), scope);
  });
  return router;
}
