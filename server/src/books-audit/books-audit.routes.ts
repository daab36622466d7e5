import { Router } from 'express';
import { idParamSchema } from '@stakedesk/shared/schemas';
import type { Dependencies } from '../dependencies.js';
import type { StepUpFor } from '../http/step-up-contract.js';
import { currentAdmin, requireRole } from '../http/signed-in-admin.js';
import { parse, parseBody } from '../http/validate.js';
import type { Logger } from '../logger.js';
import { dismissHold, listOpenHolds } from './audit-holds.service.js';
import { latestAudit, readAudit, requestAudit } from './books-audit.service.js';

/**
 * The books against the chain (DESIGN 19), in the Reconciliation tab:
 * - POST /api/admin/audits (owner) -> 202 `{audit}`: a new audit, running, or the one already running;
 * - GET /api/admin/audits/{id} -> `{audit}` (404 auditNotFound);
 * - GET /api/admin/audits -> `{audit}`: the latest, or null before the first;
 * - GET /api/admin/audit-holds -> the open holds on payouts found on chain that the books lack;
 * - POST /api/admin/audit-holds/{id}/dismiss (owner, step-up, `{note}`) -> the hold (404 auditHoldNotFound, 409 auditHoldNotOpen).
 */
export function booksAuditAdminRoutes(
  { database: sequelize, chain, secondProvider }: Dependencies,
  logger: Logger,
  hotWallet: string | null,
  stepUpFor: StepUpFor,
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
  router.get('/audit-holds', requireRole('GET /api/admin/audit-holds'), async (_req, res) => {
    res.json(await listOpenHolds(sequelize));
  });
  router.post('/audit-holds/:id/dismiss', requireRole('POST /api/admin/audit-holds/:id/dismiss'), async (req, res) => {
    const { id } = parse(idParamSchema, req.params);
    const input = parseBody('POST /api/admin/audit-holds/:id/dismiss', req.body);
    const actor = currentAdmin(res);
    res.json(await dismissHold(sequelize, id, input, actor, stepUpFor(actor, input)));
  });
  return router;
}
