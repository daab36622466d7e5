import type { Router } from 'express';
import type { Dependencies } from '../dependencies.js';
import { tableRouter } from '../http/mount.js';
import { readCursorPage, sendPage } from '../http/pagination.js';
import type { StepUpFor } from '../http/step-up-contract.js';
import { createAdmin, deleteAdmin, listAdmins, toAdminJson, updateAdmin } from './admins.service.js';
import { currentAdmin } from '../http/signed-in-admin.js';

export function adminsAdminRoutes(deps: Dependencies, stepUpFor: StepUpFor): Router {
  const { router, mount } = tableRouter('/api/admin');
  mount('GET /api/admin/admins', async ({ query }, res, req) => {
    const { page, after, scope } = readCursorPage(req, query(), 'admins');
    sendPage(res, await listAdmins(deps.database, page, after), scope);
  });
  mount('POST /api/admin/admins', async ({ body }, res) => {
    const input = body();
    const actor = currentAdmin(res);
    const { admin, changeRequest } = await createAdmin(deps, input, actor, stepUpFor(actor, input));
    // 202: with two or more owners a new owner is created an operator, and its owner role waits for another owner (DESIGN 17).
    if (changeRequest) res.status(202).json({ changeRequest, admin: toAdminJson(admin) });
    else res.status(201).json(toAdminJson(admin));
  });
  mount('PUT /api/admin/admins/:id', async ({ params, body }, res) => {
    const id = params().id;
    const input = body();
    const actor = currentAdmin(res);
    const { admin, changeRequest } = await updateAdmin(deps, id, input, actor, stepUpFor(actor, input));
    // 202: with two or more owners, a role to owner waits for another owner's approval (DESIGN 17); the rest took effect.
    if (changeRequest) res.status(202).json({ changeRequest, admin: toAdminJson(admin) });
    else res.json(toAdminJson(admin));
  });
  mount('DELETE /api/admin/admins/:id', async ({ params }, res) => {
    const changeRequest = await deleteAdmin(deps.database, params().id, currentAdmin(res));
    // 202: with two or more owners, deleting another owner waits for another owner's approval (DESIGN 17).
    if (changeRequest) res.status(202).json({ changeRequest });
    else res.status(204).end();
  });
  return router;
}
