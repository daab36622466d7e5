import type { Router } from 'express';
import type { Dependencies } from '../dependencies.js';
import { tableRouter } from '../http/mount.js';
import type { Logger } from '../logger.js';
import { treasuryCoverage } from './treasury.service.js';

/** GET /api/admin/treasury: the staking wallet's balance against what the platform owes. */
export function treasuryAdminRoutes(
  { database: db, chain }: Dependencies,
  logger: Logger,
  hotWallet: string | undefined,
  cacheMs?: number,
): Router {
  const coverage = treasuryCoverage(db, chain, logger, hotWallet, cacheMs);
  const { router, mount } = tableRouter('/api/admin');
  mount('GET /api/admin/treasury', async (_input, res) => {
    res.json(await coverage());
  });
  return router;
}
