import { Router } from 'express';
import type { Dependencies } from '../dependencies.js';
import { idParamSchema } from '@stakedesk/shared/schemas';
import { readCursorPage, sendPage } from '../http/pagination.js';
import { parse, parseBody } from '../http/validate.js';
import type { StepUpFor } from '../http/step-up-contract.js';
import { createAdmin, deleteAdmin, listAdmins, toAdminJson, updateAdmin } from './admins.service.js';
import { currentAdmin, requireRole } from '../http/signed-in-admin.js';

export function adminsAdminRoutes(deps: Dependencies, stepUpFor: StepUpFor): Router {
  const router = Router();
  router.get('/admins', requireRole('GET /api/admin/admins'), async (req, res) => {
    const { page, after, scope } = readCursorPage(req, 'admins');
    sendPage(res, await listAdmins(page, after), scope);
  });
  router.post('/admins', requireRole('POST /api/admin/admins'), async (req, res) => {
    const input = parseBody('POST /api/admin/admins', req.body);
    const actor = currentAdmin(res);
    const { admin, changeRequest } = await createAdmin(deps, input, actor, stepUpFor(actor, input));
    // 202: with two or more owners a new owner is created an operator, and its owner role waits for another owner (DESIGN 17).
    if (changeRequest) res.status(202).json({ changeRequest, admin: toAdminJson(admin) });
    else res.status(201).json(toAdminJson(admin));
  });
  router.put('/admins/:id', requireRole('PUT /api/admin/admins/:id'), async (req, res) => {
    const id = parse(idParamSchema, req.params).id;
    const input = parseBody('PUT /api/admin/admins/:id', req.body);
    const actor = currentAdmin(res);
    const { admin, changeRequest } = await updateAdmin(deps, id, input, actor, stepUpFor(actor, input));
    // 202: with two or more owners, a role to owner waits for another owner's approval (DESIGN 17); the rest took effect.
    if (changeRequest) res.status(202).json({ changeRequest, admin: toAdminJson(admin) });
    else res.json(toAdminJson(admin));
  });
  router.delete('/admins/:id', requireRole('DELETE /api/admin/admins/:id'), async (req, res) => {
    const changeRequest = await deleteAdmin(deps.database, parse(idParamSchema, req.params).id, currentAdmin(res));
    // 202: with two or more owners, deleting another owner waits for another owner's approval (DESIGN 17).
    if (changeRequest) res.status(202).json({ changeRequest });
    else res.status(204).end();
  });
  return router;
}
