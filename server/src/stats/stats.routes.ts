import { Router } from 'express';
import type { Sequelize } from 'sequelize';
import { statsCache } from '../cache/caches.js';
import { prepareJson, sendPrepared } from '../http/prepared-json.js';
import { adminStats, countHolders, publicStats } from './stats.service.js';
import { requireRole } from '../admins/require-role.js';

export function statsPublicRoutes(sequelize: Sequelize): Router {
  // The holder count walks every stake: computed at most once per STATS_CACHE_MS per instance.
  const stats = statsCache(async () => prepareJson(await publicStats(sequelize)));
  return Router().get('/stats', async (req, res) => {
    sendPrepared(req, res, await stats.get());
  });
}

export function statsAdminRoutes(sequelize: Sequelize): Router {
  const holders = statsCache(() => countHolders(sequelize));
  return Router().get('/stats', requireRole('viewer'), async (_req, res) => {
    res.json(await adminStats(sequelize, () => holders.get()));
  });
}
