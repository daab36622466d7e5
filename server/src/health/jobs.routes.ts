import type { Router } from 'express';
import type { Dependencies } from '../dependencies.js';
import { tableRouter } from '../http/mount.js';
import type { BackgroundJobs } from '@stakedesk/shared/api-types';
import { recentJobFailures } from './job-failures.js';

/** GET /api/admin/jobs: the background jobs that failed in the last 24 hours, for the panel's warning. */
export function jobsAdminRoutes({ database: db }: Dependencies): Router {
  const { router, mount } = tableRouter('/api/admin');
  mount('GET /api/admin/jobs', async (_input, res) => {
    const answer: BackgroundJobs = { failedLast24h: await recentJobFailures(db) };
    res.json(answer);
  });
  return router;
}
