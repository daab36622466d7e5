import type { Router } from 'express';
import type { Dependencies } from '../dependencies.js';
import { tableRouter } from '../http/mount.js';
import type { StepUpFor } from '../http/step-up-contract.js';
import { currentAdmin } from '../http/signed-in-admin.js';
import type { Logger } from '../logger.js';
import { dismissHold, listOpenHolds } from './audit-holds.service.js';
import type { AuditedBooks } from './audit-books.js';
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
  { database: db, chain, secondProvider }: Dependencies,
  logger: Logger,
  hotWallet: string | null,
  books: AuditedBooks,
  stepUpFor: StepUpFor,
): Router {
  const { router, mount } = tableRouter('/api/admin');
  mount('POST /api/admin/audits', async (_input, res) => {
    const audit = await requestAudit({ db, chain, secondProvider, hotWallet, books }, logger, 'owner', currentAdmin(res));
    res.status(202).json({ audit });
  });
  mount('GET /api/admin/audits', async (_input, res) => {
    res.json({ audit: await latestAudit(db) });
  });
  mount('GET /api/admin/audits/:id', async ({ params }, res) => {
    const { id } = params();
    res.json({ audit: await readAudit(db, id) });
  });
  mount('GET /api/admin/audit-holds', async (_input, res) => {
    res.json(await listOpenHolds(db));
  });
  mount('POST /api/admin/audit-holds/:id/dismiss', async ({ params, body }, res) => {
    const { id } = params();
    const input = body();
    const actor = currentAdmin(res);
    res.json(await dismissHold(db, id, input, actor, stepUpFor(actor, input)));
  });
  return router;
}
