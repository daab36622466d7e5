import type { Router } from 'express';
import type { Dependencies } from '../dependencies.js';
import { tableRouter } from '../http/mount.js';
import { cachesOf, STAKES_MOVED } from '../cache/caches.js';
import { prepareJson, sendPrepared } from '../http/prepared-json.js';
import type { PublicRead } from '../http/public-read-lane.js';
import { adminStats, publicStats } from './stats.service.js';

/** GET /api/stats: the holder count walks every stake, so it is computed at most once per STATS_CACHE_MS per instance. */
export function statsPublicRead({ database: db }: Dependencies): PublicRead {
  const stats = cachesOf(db).statsCache(async () => prepareJson(await publicStats(db)));
  return async (req, res) => sendPrepared(req, res, await stats.get());
}

/**
 * GET /api/admin/stats: the four cards from one snapshot, kept together (never a holder count
 * older than the total beside it), read again once stakes, withdrawals, payouts or plans moved on
 * any instance (reading at most half the time), and at least every STATS_CACHE_MS.
 */
export function statsAdminRoutes({ database: db }: Dependencies): Router {
  const snapshot = cachesOf(db).changedSnapshot(() => adminStats(db), [STAKES_MOVED, 'withdrawal', 'payout', 'plan']);
  const { router, mount } = tableRouter('/api/admin');
  mount('GET /api/admin/stats', async (_input, res) => {
    res.json(await snapshot.get());
  });
  return router;
}
