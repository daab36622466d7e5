import { Router } from 'express';
import type { Dependencies } from '../dependencies.js';
import { idParamSchema } from '@stakedesk/shared/schemas';
import { parse, parseBody } from '../http/validate.js';
import type { Logger } from '../logger.js';
import { adminSnapshots } from './admin-snapshots.js';
import { prepareAnchor, submitAnchor } from './anchor.service.js';
import { currentAdmin, requireRole } from '../http/signed-in-admin.js';

/** The panel's proof of reserves: the snapshots with their anchors, and an owner anchoring one with the staking wallet (DESIGN 14). */
export function reservesAnchorAdminRoutes({ database: sequelize, chain }: Dependencies, logger: Logger): Router {
  const router = Router();
  router.get('/reserves/snapshots', requireRole('GET /api/admin/reserves/snapshots'), async (_req, res) => {
    res.json(await adminSnapshots(sequelize));
  });
  router.post(
    '/reserves/snapshots/:id/anchor/prepare',
    requireRole('POST /api/admin/reserves/snapshots/:id/anchor/prepare'),
    async (req, res) => {
      res.json(await prepareAnchor(sequelize, chain, parse(idParamSchema, req.params).id, currentAdmin(res)));
    },
  );
  router.post(
    '/reserves/snapshots/:id/anchor/submit',
    requireRole('POST /api/admin/reserves/snapshots/:id/anchor/submit'),
    async (req, res) => {
      const id = parse(idParamSchema, req.params).id;
      const input = parseBody('POST /api/admin/reserves/snapshots/:id/anchor/submit', req.body);
      res.json(await submitAnchor(sequelize, chain, logger, id, input, currentAdmin(res)));
    },
  );
  return router;
}
