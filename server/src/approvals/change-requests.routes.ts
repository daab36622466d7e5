import { Router } from 'express';
import { idParamSchema } from '@stakedesk/shared/schemas';
import type { Dependencies } from '../dependencies.js';
import type { StepUpFor } from '../http/step-up-contract.js';
import { parse, parseBody, parseQuery } from '../http/validate.js';
import { currentAdmin, requireRole } from '../http/signed-in-admin.js';
import type { ChangeAppliers } from '../http/four-eyes-contract.js';
import { approveChangeRequest, cancelChangeRequest, listChangeRequests, rejectChangeRequest } from './change-requests.service.js';

/** Change requests (DESIGN 17): every admin reads them; another owner approves, any owner rejects or cancels. */
export function changeRequestAdminRoutes({ database: sequelize }: Dependencies, stepUpFor: StepUpFor, appliers: ChangeAppliers): Router {
  const router = Router();
  router.get('/change-requests', requireRole('GET /api/admin/change-requests'), async (req, res) => {
    const { status } = parseQuery('GET /api/admin/change-requests', req);
    res.json(await listChangeRequests(sequelize, appliers, status));
  });
  router.post('/change-requests/:id/approve', requireRole('POST /api/admin/change-requests/:id/approve'), async (req, res) => {
    const id = parse(idParamSchema, req.params).id;
    const proof = parseBody('POST /api/admin/change-requests/:id/approve', req.body);
    const actor = currentAdmin(res);
    res.json(await approveChangeRequest({ sequelize, appliers }, id, actor, stepUpFor(actor, proof)));
  });
  router.post('/change-requests/:id/reject', requireRole('POST /api/admin/change-requests/:id/reject'), async (req, res) => {
    const id = parse(idParamSchema, req.params).id;
    const { reason } = parseBody('POST /api/admin/change-requests/:id/reject', req.body);
    res.json(await rejectChangeRequest(sequelize, id, currentAdmin(res), reason));
  });
  // A DELETE's body carries only the step-up: read with its schema here (the route tables give bodies to POST, PUT and PATCH).
  router.delete('/change-requests/:id', requireRole('DELETE /api/admin/change-requests/:id'), async (req, res) => {
    const id = parse(idParamSchema, req.params).id;
    const proof = parseBody('DELETE /api/admin/change-requests/:id', req.body ?? {});
    const actor = currentAdmin(res);
    res.json(await cancelChangeRequest(sequelize, id, actor, stepUpFor(actor, proof)));
  });
  return router;
}
