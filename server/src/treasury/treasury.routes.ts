import { Router } from 'express';
import type { Dependencies } from '../dependencies.js';
import type { Logger } from '../logger.js';
import { treasuryCoverage } from './treasury.service.js';
import { requireRole } from '../http/signed-in-admin.js';

/** GET /api/admin/treasury: the staking wallet's balance against what the platform owes. */
export function treasuryAdminRoutes(
  { database: sequelize, chain }: Dependencies,
  logger: Logger,
  hotWallet: string | undefined,
  cacheMs?: number,
): Router {
  const coverage = treasuryCoverage(sequelize, chain, logger, hotWallet, cacheMs);
  return Router().get('/treasury', requireRole('GET /api/admin/treasury'), async (_req, res) => {
    res.json(await coverage());
  });
}
