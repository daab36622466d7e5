import { randomUUID } from 'node:crypto';
import type { CookieOptions, Request, RequestHandler, Response } from 'express';
import jwt from 'jsonwebtoken';
import type { Sequelize } from 'sequelize';
import type { AuthVerifyResponse } from '@stakedesk/shared/api-types';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import { forbidden, unauthorized } from '../errors.js';
import { holderRevocations } from './revoked-sessions.js';

const SESSION_COOKIE = 'stakedesk_session';
const SESSION_TTL_SECONDS = 24 * 60 * 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type SessionClaims = { wallet: string; sessionId: string; expiresAt: Date };

function cookieOptions(req: Request): CookieOptions {
  return { httpOnly: true, sameSite: 'strict', secure: req.secure, path: '/api' };
}

/**
 * The holder's proof of wallet ownership: a signed token in an httpOnly, SameSite cookie. Its id
 * (jti) is what logout revokes.
 */
export function startSession(req: Request, res: Response, walletAddress: string, secret: string): AuthVerifyResponse {
  const token = jwt.sign({ typ: 'holder', sub: walletAddress }, secret, {
    algorithm: 'HS256',
    expiresIn: SESSION_TTL_SECONDS,
    jwtid: randomUUID(),
  });
  res.cookie(SESSION_COOKIE, token, { ...cookieOptions(req), maxAge: SESSION_TTL_SECONDS * 1000 });
  return { walletAddress, expiresAt: new Date(Date.now() + SESSION_TTL_SECONDS * 1000).toISOString() };
}

/**
 * What the request's cookie claims, when it is a holder token this server signed and it has not
 * expired. Tokens without a session id (signed before sessions could be revoked) count as none.
 */
function claimsOf(req: Request, secret: string): SessionClaims | undefined {
  const token = (req.cookies as Record<string, string> | undefined)?.[SESSION_COOKIE];
  if (!token) return undefined;
  let claims: string | jwt.JwtPayload;
  try {
    claims = jwt.verify(token, secret, { algorithms: ['HS256'] });
  } catch {
    return undefined;
  }
  if (typeof claims !== 'object' || claims.typ !== 'holder' || typeof claims.sub !== 'string') return undefined;
  if (typeof claims.jti !== 'string' || !UUID.test(claims.jti) || typeof claims.exp !== 'number') return undefined;
  return { wallet: claims.sub, sessionId: claims.jti, expiresAt: new Date(claims.exp * 1000) };
}

/**
 * Clears the cookie and revokes the request's session on every instance (a copy of the cookie is
 * refused from then on); without a valid session there is nothing to revoke. The cookie is cleared
 * first: should the database be down (503), this browser is signed out all the same.
 */
export async function endSession(req: Request, res: Response, db: Sequelize, secret: string): Promise<void> {
  res.clearCookie(SESSION_COOKIE, cookieOptions(req));
  const claims = claimsOf(req, secret);
  if (claims) await holderRevocations.revoke(db, claims.sessionId, claims.expiresAt);
}

/** The wallet the request's session cookie proves, or undefined (none, invalid, expired or logged out). */
export async function sessionWallet(req: Request, db: Sequelize, secret: string): Promise<string | undefined> {
  const claims = claimsOf(req, secret);
  if (!claims || (await holderRevocations.isRevoked(db, claims.sessionId))) return undefined;
  return claims.wallet;
}

/** Holder mutations need a session (401), for the wallet the request names (403). */
export function requireHolderSession(db: Sequelize, secret: string): RequestHandler {
  return async (req, res, next) => {
    const wallet = await sessionWallet(req, db, secret);
    if (!wallet) throw unauthorized(msg('walletSessionRequired'));
    const claimed = (req.body as { walletAddress?: unknown } | undefined)?.walletAddress;
    if (typeof claimed === 'string' && claimed !== wallet) throw forbidden(msg('walletNotYours'));
    res.locals.holderWallet = wallet;
    next();
  };
}
