import type { Router } from 'express';
import type { Dependencies } from '../dependencies.js';
import { tableRouter } from '../http/mount.js';
import type { Logger } from '../logger.js';
import { adminSnapshots } from './admin-snapshots.js';
import { prepareAnchor, submitAnchor } from './anchor.service.js';
import { currentAdmin } from '../http/signed-in-admin.js';

/** The panel's proof of reserves: the snapshots with their anchors, and an owner anchoring one with the staking wallet (DESIGN 14). */
export function reservesAnchorAdminRoutes({ database: db, chain }: Dependencies, logger: Logger): Router {
  const { router, mount } = tableRouter('/api/admin');
  mount('GET /api/admin/reserves/snapshots', async (_input, res) => {
    res.json(await adminSnapshots(db));
  });
  mount('POST /api/admin/reserves/snapshots/:id/anchor/prepare', async ({ params }, res) => {
    res.json(await prepareAnchor(db, chain, params().id, currentAdmin(res)));
  });
  mount('POST /api/admin/reserves/snapshots/:id/anchor/submit', async ({ params, body }, res) => {
    const id = params().id;
    const input = body();
    res.json(await submitAnchor(db, chain, logger, id, input, currentAdmin(res)));
  });
  return router;
}
