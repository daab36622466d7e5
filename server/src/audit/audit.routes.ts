import { Router } from 'express';
import { readPage, sendPage } from '../http/pagination.js';
import { requireRole } from '../admins/require-role.js';
import { listAuditLog } from './audit-log.service.js';

export function auditAdminRoutes(): Router {
  const router = Router();
  router.get('/audit-log', requireRole('viewer'), async (req, res) => {
    sendPage(res, await listAuditLog(readPage(req)));
  });
  return router;
}
