import type { Router } from 'express';
import type { Dependencies } from '../dependencies.js';
import { tableRouter } from '../http/mount.js';
import type { StepUpFor } from '../http/step-up-contract.js';
import { currentAdmin } from '../http/signed-in-admin.js';
import { explainOutflow, listOutflows } from './outflows.service.js';

/** The outflow ledger in the Reconciliation tab (DESIGN 15): what left the treasury outside the books, and an owner's explanation of it. */
export function outflowsAdminRoutes({ database: db }: Dependencies, stepUpFor: StepUpFor): Router {
  const { router, mount } = tableRouter('/api/admin');
  mount('GET /api/admin/outflows', async (_input, res) => {
    res.json(await listOutflows(db));
  });
  mount('POST /api/admin/outflows/:signature/explain', async ({ params, body }, res) => {
    const { signature } = params();
    const input = body();
    const actor = currentAdmin(res);
    res.json(await explainOutflow(db, signature, input, actor, stepUpFor(actor, input)));
  });
  return router;
}
