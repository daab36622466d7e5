import { Router } from 'express';
import type { Dependencies } from '../dependencies.js';
import { statsCache } from '../cache/caches.js';
import { prepareJson, sendPrepared } from '../http/prepared-json.js';
import type { PublicRead } from '../http/public-read-lane.js';
import { adminStats, countHolders, publicStats } from './stats.service.js';
import { requireRole } from '../http/signed-in-admin.js';

/** GET /api/stats: the holder count walks every stake, so it is computed at most once per STATS_CACHE_MS per instance. */
export function statsPublicRead({ database: sequelize }: Dependencies): PublicRead {
  const stats = statsCache(async () => prepareJson(await publicStats(sequelize)));
  return async (req, res) => sendPrepared(req, res, await stats.get());
}

export function statsAdminRoutes({ database: sequelize }: Dependencies): Router {
  const holders = statsCache(() => countHolders(sequelize));
  return Router().get('/stats', requireRole('GET /api/admin/stats'), async (_req, res) => {
    res.json(await adminStats(sequelize, () => holders.get()));
  });
}
