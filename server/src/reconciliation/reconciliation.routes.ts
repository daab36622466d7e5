import { Router } from 'express';
import type { Dependencies } from '../dependencies.js';
import { parseQuery } from '../http/validate.js';
import { unrecordedDeposits } from './reconciliation.service.js';
import { requireRole } from '../http/signed-in-admin.js';

/** GET /api/admin/reconciliation?limit=N: deposits on chain that nothing records. */
export function reconciliationAdminRoutes({ database: sequelize, chain }: Dependencies): Router {
  return Router().get('/reconciliation', requireRole('GET /api/admin/reconciliation'), async (req, res) => {
    const { limit } = parseQuery('GET /api/admin/reconciliation', req);
    res.json(await unrecordedDeposits(sequelize, chain, limit));
  });
}
