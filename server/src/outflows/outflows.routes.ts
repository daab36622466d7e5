import { Router } from 'express';
import { outflowParamSchema } from '@stakedesk/shared/schemas';
import type { Dependencies } from '../dependencies.js';
import type { StepUpFor } from '../http/step-up-contract.js';
import { currentAdmin, requireRole } from '../http/signed-in-admin.js';
import { parse, parseBody } from '../http/validate.js';
import { explainOutflow, listOutflows } from './outflows.service.js';

/** The outflow ledger in the Reconciliation tab (DESIGN 15): what left the treasury outside the books, and an owner's explanation of it. */
export function outflowsAdminRoutes({ database: sequelize }: Dependencies, stepUpFor: StepUpFor): Router {
  const router = Router();
  router.get('/outflows', requireRole('GET /api/admin/outflows'), async (_req, res) => {
    res.json(await listOutflows(sequelize));
  });
  router.post('/outflows/:signature/explain', requireRole('POST /api/admin/outflows/:signature/explain'), async (req, res) => {
    const { signature } = parse(outflowParamSchema, req.params);
    const input = parseBody('POST /api/admin/outflows/:signature/explain', req.body);
    const actor = currentAdmin(res);
    res.json(await explainOutflow(sequelize, signature, input, actor, stepUpFor(actor, input)));
  });
  return router;
}
