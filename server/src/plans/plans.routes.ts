import type { Router } from 'express';
import type { Dependencies } from '../dependencies.js';
import { readCursorPage, sendPage } from '../http/pagination.js';
import { sendPrepared } from '../http/prepared-json.js';
import type { PublicRead } from '../http/public-read-lane.js';
import { tableRouter } from '../http/mount.js';
import {
  activePlansJson,
  createPlan,
  deletePlan,
  listAllPlans,
  planJson,
  togglePlan,
  updatePlan,
  type PlanInUse,
  type PlanRules,
} from './plans.service.js';
import { currentAdmin } from '../http/signed-in-admin.js';

/** GET /api/staking-plans: the active plans, serialised once per change. */
export function plansPublicRead({ database }: Dependencies): PublicRead {
  const activePlans = activePlansJson(database);
  return async (req, res) => sendPrepared(req, res, await activePlans());
}

export function plansAdminRoutes({ database: db }: Dependencies, rules: PlanRules, planInUse: PlanInUse): Router {
  const { router, mount } = tableRouter('/api/admin');
  mount('GET /api/admin/staking-plans', async ({ query }, res, req) => {
    const { page, after, scope } = readCursorPage(req, query(), 'staking-plans');
    sendPage(res, await listAllPlans(db, page, after), scope);
  });
  mount('POST /api/admin/staking-plans', async ({ body }, res) => {
    res.status(201).json(await planJson(db, await createPlan(db, body(), currentAdmin(res), rules)));
  });
  mount('PUT /api/admin/staking-plans/:id', async ({ params, body }, res) => {
    const { id } = params();
    res.json(await planJson(db, await updatePlan(db, id, body(), currentAdmin(res), rules)));
  });
  mount('PATCH /api/admin/staking-plans/:id/toggle', async ({ params }, res) => {
    res.json(await planJson(db, await togglePlan(db, params().id, currentAdmin(res))));
  });
  mount('DELETE /api/admin/staking-plans/:id', async ({ params }, res) => {
    await deletePlan(db, params().id, currentAdmin(res), planInUse);
    res.status(204).end();
  });
  return router;
}
