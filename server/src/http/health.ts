import { Router } from 'express';
import type { Sequelize } from 'sequelize';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import { errorBody } from './errors.js';

/** 200 when the server can reach PostgreSQL, 503 otherwise (for load balancers and operators). */
export function healthRoute(sequelize: Sequelize): Router {
  return Router().get('/health', async (_req, res) => {
    try {
      await sequelize.query('SELECT 1');
      res.json({ status: 'ok' });
    } catch {
      res.status(503).json({ status: 'unavailable', ...errorBody(msg('databaseUnavailable')) });
    }
  });
}
