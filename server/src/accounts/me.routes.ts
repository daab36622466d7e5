import { Router } from 'express';
import type { Dependencies } from '../dependencies.js';
import { parseBody } from '../http/validate.js';
import { stepUpFor } from '../access/index.js';
import { changeOwnPassword, logout, me, signOutEverywhere } from './account.service.js';
import { disableTwoFactor, enableTwoFactor, setUpTwoFactor } from './two-factor.service.js';
import { currentAdmin } from '../http/signed-in-admin.js';

/**
 * /api/admin/me*: the signed-in admin's own account. Every role may use it, and so may a
 * session that must set up two-factor before anything else.
 */
export function meRoutes(deps: Dependencies, issuer: string): Router {
  const router = Router();
  router.get('/', async (_req, res) => {
    res.json(await me(currentAdmin(res)));
  });
  router.post('/two-factor/setup', async (_req, res) => {
    res.json(await setUpTwoFactor(deps, currentAdmin(res), issuer));
  });
  router.post('/two-factor/enable', async (req, res) => {
    res.json(await enableTwoFactor(deps, currentAdmin(res), parseBody('POST /api/admin/me/two-factor/enable', req.body)));
  });
  router.post('/two-factor/disable', async (req, res) => {
    const input = parseBody('POST /api/admin/me/two-factor/disable', req.body);
    const actor = currentAdmin(res);
    await disableTwoFactor(deps, actor, stepUpFor(deps, actor, input));
    res.status(204).end();
  });
  router.post('/password', async (req, res) => {
    const input = parseBody('POST /api/admin/me/password', req.body);
    const actor = currentAdmin(res);
    await changeOwnPassword(deps, actor, input, stepUpFor(deps, actor, input, { passwordOnly: true }));
    res.status(204).end();
  });
  router.post('/sign-out-everywhere', async (_req, res) => {
    res.json(await signOutEverywhere(deps, currentAdmin(res)));
  });
  router.post('/logout', async (_req, res) => {
    await logout(deps, currentAdmin(res));
    res.status(204).end();
  });
  return router;
}
