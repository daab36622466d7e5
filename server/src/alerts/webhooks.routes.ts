import type { Router } from 'express';
import type { Dependencies } from '../dependencies.js';
import { tableRouter } from '../http/mount.js';
import type { FourEyes } from '../http/four-eyes-contract.js';
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  sendTest,
  updateWebhook,
  type WebhookContext,
} from './webhooks.service.js';
import { currentAdmin } from '../http/signed-in-admin.js';

/** Alerts (DESIGN 13): owners set webhooks up and send tests; every admin reads them and their deliveries. */
export function webhooksAdminRoutes({ database, secrets }: Dependencies, address: WebhookContext['address'], fourEyes: FourEyes): Router {
  const ctx: WebhookContext = { database, box: secrets.box, address };
  const { router, mount } = tableRouter('/api/admin');
  mount('GET /api/admin/webhooks', async (_input, res) => {
    res.json(await listWebhooks(ctx.database));
  });
  mount('POST /api/admin/webhooks', async ({ body }, res) => {
    res.status(201).json(await createWebhook(ctx, body(), currentAdmin(res)));
  });
  mount('PUT /api/admin/webhooks/:id', async ({ params, body }, res) => {
    const id = params().id;
    res.json(await updateWebhook(ctx, id, body(), currentAdmin(res)));
  });
  mount('DELETE /api/admin/webhooks/:id', async ({ params }, res) => {
    const changeRequest = await deleteWebhook(ctx, params().id, currentAdmin(res), fourEyes);
    // 202: with two or more owners the removal waits for another owner's approval (DESIGN 17).
    if (changeRequest) res.status(202).json({ changeRequest });
    else res.status(204).end();
  });
  mount('POST /api/admin/webhooks/:id/test', async ({ params }, res) => {
    res.json(await sendTest(ctx, params().id));
  });
  mount('GET /api/admin/webhooks/:id/deliveries', async ({ params }, res) => {
    res.json(await listDeliveries(ctx.database, params().id));
  });
  return router;
}
