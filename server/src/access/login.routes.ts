import { type Router, type RequestHandler } from 'express';
import { clientAddress } from '../http/client-address.js';
import type { Dependencies } from '../dependencies.js';
import { tableRouter } from '../http/mount.js';
import { login, loginWithPasskey } from './admin-login.js';
import type { RelyingParty } from './relying-party.js';

/** The sign-in routes, behind the per-IP limit (`limiter`), which counts their failures alike. */
export function adminLoginRoute(deps: Dependencies, rp: RelyingParty, limiter: RequestHandler): Router {
  const { router, mount } = tableRouter('/api/admin');
  mount('POST /api/admin/login', limiter, async ({ body }, res, req) => {
    res.json(await login(deps, rp, body(), clientAddress(req)));
  });
  mount('POST /api/admin/login/passkey', limiter, async ({ body }, res, req) => {
    res.json(await loginWithPasskey(deps, rp, body(), clientAddress(req)));
  });
  return router;
}
