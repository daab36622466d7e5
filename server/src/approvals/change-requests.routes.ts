import type { Router } from 'express';
import type { Dependencies } from '../dependencies.js';
import { tableRouter } from '../http/mount.js';
import type { StepUpFor } from '../http/step-up-contract.js';
import { currentAdmin } from '../http/signed-in-admin.js';
import type { ChangeAppliers } from '../http/four-eyes-contract.js';
import {
  approveChangeRequest,
  cancelChangeRequest,
  listChangeRequests,
  rejectChangeRequest,
  type ApprovalDeps,
  type RoleOfAdmin,
} from './change-requests.service.js';

/** Change requests (DESIGN 17): every admin reads them; another owner approves, any owner rejects or cancels. */
export function changeRequestAdminRoutes(
  { database: db }: Dependencies,
  stepUpFor: StepUpFor,
  appliers: ChangeAppliers,
  roleOfAdmin: RoleOfAdmin,
): Router {
  const deciding: ApprovalDeps = { db, appliers, roleOfAdmin };
  const { router, mount } = tableRouter('/api/admin');
  mount('GET /api/admin/change-requests', async ({ query }, res) => {
    const { status } = query();
    res.json(await listChangeRequests(db, appliers, status));
  });
  mount('POST /api/admin/change-requests/:id/approve', async ({ params, body }, res) => {
    const id = params().id;
    const proof = body();
    const actor = currentAdmin(res);
    res.json(await approveChangeRequest(deciding, id, actor, stepUpFor(actor, proof)));
  });
  mount('POST /api/admin/change-requests/:id/reject', async ({ params, body }, res) => {
    const id = params().id;
    const { reason } = body();
    res.json(await rejectChangeRequest(deciding, id, currentAdmin(res), reason));
  });
  // A DELETE's body carries only the step-up; one sent without a body is read as empty (http/mount.ts).
  mount('DELETE /api/admin/change-requests/:id', async ({ params, body }, res) => {
    const id = params().id;
    const proof = body();
    const actor = currentAdmin(res);
    res.json(await cancelChangeRequest(deciding, id, actor, stepUpFor(actor, proof)));
  });
  return router;
}
