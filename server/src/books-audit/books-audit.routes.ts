import { Router } from 'express';
import { idParamSchema } from '@stakedesk/shared/schemas';
import type { Dependencies } from '../dependencies.js';
import { currentAdmin, requireRole } from '../http/signed-in-admin.js';
import { parse } from '../http/validate.js';
import type { Logger } from '../logger.js';
import { latestAudit, readAudit, requestAudit } from './books-audit.service.js';

/**
 * The books against the chain (DESIGN 19), in the Reconciliation tab:
 * - POST /api/admin/audits (owner) -> 202 `{audit}`: a new audit, running, or the one already running;
 * - GET /api/admin/audits/{id} -> `{audit}` (404 auditNotFound);
 * - GET /api/admin/audits -> `{audit}`: the latest, or null before the first.
 */
export function booksAuditAdminRoutes(
  { database: sequelize, chain, secondProvider }: Dependencies,
  logger: Logger,
  hotWallet: string | null,
): Router {
  const router = Router();
  router.post('/audits', requireRole('POST /api/admin/audits'), async (_req, res) => {
    const audit = await requestAudit({ sequelize, chain, secondProvider, hotWallet }, logger, 'owner', currentAdmin(res));
    res.status(202).json({ audit });
  });
  router.get('/audits', requireRole('GET /api/admin/audits'), async (_req, res) => {
    res.json({ audit: await latestAudit(sequelize) });
  });
  router.get('/audits/:id', requireRole('GET /api/admin/audits/:id'), async (req, res) => {
    const { id } = parse(idParamSchema, req.params);
    res.json({ audit: await readAudit(sequelize, id) });
  });
  return router;
}
