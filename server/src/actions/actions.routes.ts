import { json, type Router, type RequestHandler } from 'express';
import type { SolanaCluster } from '@stakedesk/shared/format';
import type { Dependencies } from '../dependencies.js';
import { tableRouter } from '../http/mount.js';
import { actionErrors, sayFor } from './action-errors.js';
import { actionHeaders } from './action-headers.js';
import {
  ACTIONS_JSON,
  planStakeAction,
  refuseWhileClosed,
  stakeAction,
  stakeDone,
  stakeTransaction,
  type ActionSite,
} from './stake-action.js';
import { STAKE_ICON_PNG } from './stake-icon.js';

/** Every path of the Actions API: the same headers, OPTIONS and refusals on each. */
const ACTION_PATHS = ['/actions.json', '/api/actions'];

/**
 * Solana Actions (DESIGN 18), mounted at the app's root ahead of the API's same-origin CORS: blink
 * clients call from any origin. `intentLimit` is the per-client limit on starting deposits, shared
 * with POST /api/stakes/intents.
 */
export function actionsRoutes(
  { database: db, chain }: Dependencies,
  site: ActionSite & { cluster: SolanaCluster },
  intentLimit: RequestHandler,
): Router {
  const { router, mount } = tableRouter('');
  const headers = actionHeaders(site.cluster);
  router.use(ACTION_PATHS, (req, res, next) => {
    res.set(headers).vary('Accept-Language');
    if (req.method === 'OPTIONS') return void res.status(204).end();
    next();
  });
  mount('GET /actions.json', (_input, res) => {
    res.json(ACTIONS_JSON);
  });
  mount('GET /api/actions/icon.png', (_input, res) => {
    res.type('png').set('Cache-Control', 'public, max-age=86400').send(STAKE_ICON_PNG);
  });
  mount('GET /api/actions/stake', async (_input, res, req) => {
    res.json(await stakeAction(db, site, sayFor(req)));
  });
  mount('GET /api/actions/stake/:planId', async ({ params }, res, req) => {
    const { planId } = params();
    res.json(await planStakeAction(db, planId, site, sayFor(req)));
  });
  const closedOrLimited: RequestHandler[] = [
    async (_req, _res, next) => {
      await refuseWhileClosed(db);
      next();
    },
    intentLimit,
    json({ limit: '10kb' }),
  ];
  mount('POST /api/actions/stake/:planId', ...closedOrLimited, async ({ params, query, body }, res, req) => {
    const { planId } = params();
    const { amount } = query();
    const { account } = body();
    res.json(await stakeTransaction(db, chain, { planId, amount, account }, sayFor(req)));
  });
  mount('POST /api/actions/stake/intents/:id/done', json({ limit: '10kb' }), async ({ params, body }, res, req) => {
    const { id } = params();
    const { account } = body();
    res.json(await stakeDone(db, id, account, site, sayFor(req)));
  });
  router.use(ACTION_PATHS, actionErrors);
  return router;
}
