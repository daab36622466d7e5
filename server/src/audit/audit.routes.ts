import type { Router } from 'express';
import type { Dependencies } from '../dependencies.js';
import { tableRouter } from '../http/mount.js';
import { readCursorPage, sendPage } from '../http/pagination.js';
import { listAuditLog } from './audit-log.service.js';

export function auditAdminRoutes({ database }: Dependencies): Router {
  const { router, mount } = tableRouter('/api/admin');
  mount('GET /api/admin/audit-log', async ({ query }, res, req) => {
    const { page, after, scope } = readCursorPage(req, query(), 'audit-log');
    sendPage(res, await listAuditLog(database, page, after), scope);
  });
  return router;
}
