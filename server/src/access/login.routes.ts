import { Router, type RequestHandler } from 'express';
import { clientAddress } from '../http/client-address.js';
import { parseBody } from '../http/validate.js';
import type { Dependencies } from '../dependencies.js';
import { login } from './admin-login.js';

export function adminLoginRoute(deps: Dependencies, limiter: RequestHandler): Router {
  const router = Router();
  router.post('/login', limiter, async (req, res) => {
    res.json(await login(deps, parseBody('POST /api/admin/login', req.body), clientAddress(req)));
  });
  return router;
}
