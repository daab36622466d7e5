import { Router, type RequestHandler } from 'express';
import type { Dependencies } from '../dependencies.js';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import { unauthorized } from '../errors.js';
import { parseBody } from '../http/validate.js';
import { endSession, sessionWallet, startSession } from './holder-session.js';
import { issueNonce, verifySignIn, type SignInSite } from './sign-in.service.js';

export function authRoutes({ database: sequelize, secrets }: Dependencies, site: SignInSite, limiter: RequestHandler): Router {
  const secret = secrets.jwtSecret;
  const router = Router();
  router.post('/auth/nonce', limiter, async (req, res) => {
    res.json(await issueNonce(sequelize, parseBody('POST /api/auth/nonce', req.body), site));
  });
  router.post('/auth/verify', limiter, async (req, res) => {
    const wallet = await verifySignIn(sequelize, parseBody('POST /api/auth/verify', req.body), site);
    res.json(startSession(req, res, wallet, secret));
  });
  router.get('/auth/session', async (req, res) => {
    const wallet = await sessionWallet(req, sequelize, secret);
    if (!wallet) throw unauthorized(msg('walletSessionRequired'));
    res.json({ walletAddress: wallet });
  });
  router.post('/auth/logout', async (req, res) => {
    await endSession(req, res, sequelize, secret);
    res.status(204).end();
  });
  return router;
}
