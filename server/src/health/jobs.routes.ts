import { Router } from 'express';
import type { Dependencies } from '../dependencies.js';
import type { BackgroundJobs } from '@stakedesk/shared/api-types';
import { recentJobFailures } from './job-failures.js';
import { requireRole } from '../http/signed-in-admin.js';

/** GET /api/admin/jobs: the background jobs that failed in the last 24 hours, for the panel's warning. */
export function jobsAdminRoutes({ database: sequelize }: Dependencies): Router {
  return Router().get('/jobs', requireRole('GET /api/admin/jobs'), async (_req, res) => {
    const answer: BackgroundJobs = { failedLast24h: await recentJobFailures(sequelize) };
    res.json(answer);
  });
}
