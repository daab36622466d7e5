import type { CookieOptions, Request, RequestHandler, Response } from 'express';
import jwt from 'jsonwebtoken';
import type { AuthVerifyResponse } from '@stakedesk/shared/api-types';
import { MESSAGES } from '@stakedesk/shared/messages';
import { forbidden, unauthorized } from '../http/errors.js';

export const SESSION_COOKIE = 'stakedesk_session';
const SESSION_TTL_SECONDS = 24 * 60 * 60;

function cookieOptions(req: Request): CookieOptions {
  return { httpOnly: true, sameSite: 'strict', secure: req.secure, path: '/api' };
}

/** The holder's proof of wallet ownership: a signed token in an httpOnly, SameSite cookie. */
export function startSession(req: Request, res: Response, walletAddress: string, secret: string): AuthVerifyResponse {
  const token = jwt.sign({ typ: 'holder', sub: walletAddress }, secret, { algorithm: 'HS256', expiresIn: SESSION_TTL_SECONDS });
  res.cookie(SESSION_COOKIE, token, { ...cookieOptions(req), maxAge: SESSION_TTL_SECONDS * 1000 });
  return { walletAddress, expiresAt: new Date(Date.now() + SESSION_TTL_SECONDS * 1000).toISOString() };
}

export function endSession(req: Request, res: Response): void {
  res.clearCookie(SESSION_COOKIE, cookieOptions(req));
}

/** The wallet the request's session cookie proves, or undefined. */
export function sessionWallet(req: Request, secret: string): string | undefined {
  const token = (req.cookies as Record<string, string> | undefined)?.[SESSION_COOKIE];
  if (!token) return undefined;
  try {
    const claims = jwt.verify(token, secret, { algorithms: ['HS256'] });
    return typeof claims === 'object' && claims.typ === 'holder' && typeof claims.sub === 'string' ? claims.sub : undefined;
  } catch {
    return undefined;
  }
}

/** Holder mutations need a session (401), for the wallet the request names (403). */
export function requireHolderSession(secret: string): RequestHandler {
  return (req, res, next) => {
    const wallet = sessionWallet(req, secret);
    if (!wallet) throw unauthorized(MESSAGES.walletSessionRequired);
    const claimed = (req.body as { walletAddress?: unknown } | undefined)?.walletAddress;
    if (typeof claimed === 'string' && claimed !== wallet) throw forbidden(MESSAGES.walletNotYours);
    res.locals.holderWallet = wallet;
    next();
  };
}
