import { Router } from 'express';
import type { Dependencies } from '../dependencies.js';
import type { FourEyes } from '../http/four-eyes-contract.js';
import { idParamSchema } from '@stakedesk/shared/schemas';
import { parse, parseBody } from '../http/validate.js';
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  sendTest,
  updateWebhook,
  type WebhookContext,
} from './webhooks.service.js';
import { currentAdmin, requireRole } from '../http/signed-in-admin.js';

/** Alerts (DESIGN 13): owners set webhooks up and send tests; every admin reads them and their deliveries. */
export function webhooksAdminRoutes({ database, secrets }: Dependencies, address: WebhookContext['address'], fourEyes: FourEyes): Router {
  const ctx: WebhookContext = { database, box: secrets.box, address };
  const router = Router();
  router.get('/webhooks', requireRole('GET /api/admin/webhooks'), async (_req, res) => {
    res.json(await listWebhooks(ctx.database));
  });
  router.post('/webhooks', requireRole('POST /api/admin/webhooks'), async (req, res) => {
    res.status(201).json(await createWebhook(ctx, parseBody('POST /api/admin/webhooks', req.body), currentAdmin(res)));
  });
  router.put('/webhooks/:id', requireRole('PUT /api/admin/webhooks/:id'), async (req, res) => {
    const id = parse(idParamSchema, req.params).id;
    res.json(await updateWebhook(ctx, id, parseBody('PUT /api/admin/webhooks/:id', req.body), currentAdmin(res)));
  });
  router.delete('/webhooks/:id', requireRole('DELETE /api/admin/webhooks/:id'), async (req, res) => {
    const changeRequest = await deleteWebhook(ctx, parse(idParamSchema, req.params).id, currentAdmin(res), fourEyes);
    // 202: with two or more owners the removal waits for another owner's approval (DESIGN 17).
    if (changeRequest) res.status(202).json({ changeRequest });
    else res.status(204).end();
  });
  router.post('/webhooks/:id/test', requireRole('POST /api/admin/webhooks/:id/test'), async (req, res) => {
    res.json(await sendTest(ctx, parse(idParamSchema, req.params).id));
  });
  router.get('/webhooks/:id/deliveries', requireRole('GET /api/admin/webhooks/:id/deliveries'), async (req, res) => {
    res.json(await listDeliveries(ctx.database, parse(idParamSchema, req.params).id));
  });
  return router;
}
