import { type Router, type RequestHandler } from 'express';
import type { Dependencies } from '../dependencies.js';
import { tableRouter } from '../http/mount.js';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import { unauthorized } from '../errors.js';
import { endSession, sessionWallet, startSession } from './holder-session.js';
import { issueNonce, verifySignIn, type SignInSite } from './sign-in.service.js';

export function authRoutes({ database: db, secrets }: Dependencies, site: SignInSite, limiter: RequestHandler): Router {
  const secret = secrets.jwtSecret;
  const { router, mount } = tableRouter('/api');
  mount('POST /api/auth/nonce', limiter, async ({ body }, res) => {
    res.json(await issueNonce(db, body(), site));
  });
  mount('POST /api/auth/verify', limiter, async ({ body }, res, req) => {
    const wallet = await verifySignIn(db, body(), site);
    res.json(startSession(req, res, wallet, secret));
  });
  mount('GET /api/auth/session', async (_input, res, req) => {
    const wallet = await sessionWallet(req, db, secret);
    if (!wallet) throw unauthorized(msg('walletSessionRequired'));
    res.json({ walletAddress: wallet });
  });
  mount('POST /api/auth/logout', async (_input, res, req) => {
    await endSession(req, res, db, secret);
    res.status(204).end();
  });
  return router;
}
