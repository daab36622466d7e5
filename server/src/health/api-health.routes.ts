import type { Router } from 'express';
import type { Dependencies } from '../dependencies.js';
import { tableRouter } from '../http/mount.js';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import { errorBody } from '../errors.js';
import { databaseCheck } from './readiness.js';

/** GET /api/health: 200 when the server can reach PostgreSQL, 503 otherwise (for load balancers and operators). */
export function healthRoute({ database: db }: Dependencies): Router {
  const database = databaseCheck(db);
  const { router, mount } = tableRouter('/api');
  mount('GET /api/health', async (_input, res) => {
    if ((await database()).ok) res.json({ status: 'ok' });
    else res.status(503).json({ status: 'unavailable', ...errorBody(msg('databaseUnavailable')) });
  });
  return router;
}
