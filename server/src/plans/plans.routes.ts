import { Router } from 'express';
import type { Dependencies } from '../dependencies.js';
import { idParamSchema } from '@stakedesk/shared/schemas';
import { readCursorPage, sendPage } from '../http/pagination.js';
import { sendPrepared } from '../http/prepared-json.js';
import type { PublicRead } from '../http/public-read-lane.js';
import { parse, parseBody } from '../http/validate.js';
import {
  activePlansJson,
  createPlan,
  deletePlan,
  listAllPlans,
  planJson,
  togglePlan,
  updatePlan,
  type PlanRules,
} from './plans.service.js';
import { currentAdmin, requireRole } from '../http/signed-in-admin.js';

/** GET /api/staking-plans: the active plans, serialised once per change. */
export function plansPublicRead({ database }: Dependencies): PublicRead {
  const activePlans = activePlansJson(database);
  return async (req, res) => sendPrepared(req, res, await activePlans());
}

export function plansAdminRoutes({ database: sequelize }: Dependencies, rules: PlanRules): Router {
  const router = Router();
  router.get('/staking-plans', requireRole('GET /api/admin/staking-plans'), async (req, res) => {
    const { page, after, scope } = readCursorPage(req, 'GET /api/admin/staking-plans', 'staking-plans');
    sendPage(res, await listAllPlans(sequelize, page, after), scope);
  });
  router.post('/staking-plans', requireRole('POST /api/admin/staking-plans'), async (req, res) => {
    res
      .status(201)
      .json(
        await planJson(
          sequelize,
          await createPlan(sequelize, parseBody('POST /api/admin/staking-plans', req.body), currentAdmin(res), rules),
        ),
      );
  });
  router.put('/staking-plans/:id', requireRole('PUT /api/admin/staking-plans/:id'), async (req, res) => {
    const id = parse(idParamSchema, req.params).id;
    res.json(
      await planJson(
        sequelize,
        await updatePlan(sequelize, id, parseBody('PUT /api/admin/staking-plans/:id', req.body), currentAdmin(res), rules),
      ),
    );
  });
  router.patch('/staking-plans/:id/toggle', requireRole('PATCH /api/admin/staking-plans/:id/toggle'), async (req, res) => {
    res.json(await planJson(sequelize, await togglePlan(sequelize, parse(idParamSchema, req.params).id, currentAdmin(res))));
  });
  router.delete('/staking-plans/:id', requireRole('DELETE /api/admin/staking-plans/:id'), async (req, res) => {
    await deletePlan(sequelize, parse(idParamSchema, req.params).id, currentAdmin(res));
    res.status(204).end();
  });
  return router;
}
