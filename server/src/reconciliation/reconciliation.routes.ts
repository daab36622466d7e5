import type { Router } from 'express';
import type { Dependencies } from '../dependencies.js';
import { tableRouter } from '../http/mount.js';
import { unrecordedDeposits } from './reconciliation.service.js';

/** GET /api/admin/reconciliation?limit=N: deposits on chain that nothing records. */
export function reconciliationAdminRoutes({ database: db, chain }: Dependencies): Router {
  const { router, mount } = tableRouter('/api/admin');
  mount('GET /api/admin/reconciliation', async ({ query }, res) => {
    const { limit } = query();
    res.json(await unrecordedDeposits(db, chain, limit));
  });
  return router;
}
