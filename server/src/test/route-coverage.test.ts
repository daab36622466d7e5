import express from 'express';
import { describe, expect, it } from 'vitest';
import { ADMIN_ROUTES } from '@stakedesk/shared/admin-routes';
import { PUBLIC_ROUTES } from '@stakedesk/shared/api-routes';
import { mountedRoutes } from '../http/mounted-routes.js';
import { routeCoverageGaps } from './route-coverage.js';

/** An app mounted as app.ts mounts it: /api, then /admin, a router per area and one under /me. */
function appWith(extra?: (admin: express.Router, api: express.Router) => void) {
  const app = express();
  const api = express.Router();
  const admin = express.Router();
  const me = express.Router();
  me.get('/', () => undefined);
  me.post('/logout', () => undefined);
  admin.use('/me', me);
  admin.use(
    express
      .Router()
      .get('/stats', () => undefined)
      .put('/staking-plans/:id', () => undefined),
  );
  api.get('/stakes/:walletAddress', () => undefined);
  extra?.(admin, api);
  api.use('/admin', admin);
  app.use('/api', api);
  return app;
}

const everyCase = Object.keys(ADMIN_ROUTES);

describe('the check the roles test and the fuzzer make on the route table', () => {
  it('reads the routes as Express mounted them, mount paths included', () => {
    expect(mountedRoutes(appWith().router)).toEqual([
      'GET /api/stakes/:walletAddress',
      'GET /api/admin/me',
      'POST /api/admin/me/logout',
      'GET /api/admin/stats',
      'PUT /api/admin/staking-plans/:id',
    ]);
  });

  it('finds nothing missing when every admin route is in the table and has a case', () => {
    expect(routeCoverageGaps(mountedRoutes(appWith().router), everyCase)).toEqual({ notInTable: [], noCase: [] });
  });

  it('fails on an admin route added to the router without a role in the table', () => {
    const app = appWith((admin) => admin.delete('/settings/danger', () => undefined));
    expect(routeCoverageGaps(mountedRoutes(app.router), everyCase).notInTable).toEqual(['DELETE /api/admin/settings/danger']);
  });

  it('for the fuzzer, fails on any API route added to the router but not to a table, and on a table route not fuzzed', () => {
    const fuzzed = [...Object.keys(PUBLIC_ROUTES), ...everyCase].map((route) => route.replace(/:\w+/g, ':x'));
    const app = appWith((admin, api) => {
      admin.post('/stakes/:id/unlisted', () => undefined);
      api.get('/stakes/:walletAddress/history', () => undefined);
    });
    expect(routeCoverageGaps(mountedRoutes(app.router), fuzzed, 'api')).toEqual({
      notInTable: ['GET /api/stakes/:walletAddress/history', 'POST /api/admin/stakes/:id/unlisted'],
      noCase: [],
    });
    const withoutOne = fuzzed.filter((route) => route !== 'GET /api/reserves/:x/proof/:x');
    expect(routeCoverageGaps([], withoutOne, 'api').noCase).toEqual(['GET /api/reserves/:id/proof/:walletAddress']);
  });

  it('fails on a table route the test has no case for', () => {
    const covered = everyCase.filter((route) => route !== 'PUT /api/admin/settings');
    expect(routeCoverageGaps([], covered).noCase).toEqual(['PUT /api/admin/settings']);
  });
});
