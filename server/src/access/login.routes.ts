import { Router, type RequestHandler } from 'express';
import { clientAddress } from '../http/client-address.js';
import { parseBody } from '../http/validate.js';
import type { Dependencies } from '../dependencies.js';
import { login, loginWithPasskey } from './admin-login.js';
import type { RelyingParty } from './relying-party.js';

/** The sign-in routes, behind the per-IP limit (`limiter`), which counts their failures alike. */
export function adminLoginRoute(deps: Dependencies, rp: RelyingParty, limiter: RequestHandler): Router {
  const router = Router();
  router.post('/login', limiter, async (req, res) => {
    res.json(await login(deps, rp, parseBody('POST /api/admin/login', req.body), clientAddress(req)));
  });
  router.post('/login/passkey', limiter, async (req, res) => {
    res.json(await loginWithPasskey(deps, rp, parseBody('POST /api/admin/login/passkey', req.body), clientAddress(req)));
  });
  return router;
}
