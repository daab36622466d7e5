import bcrypt from 'bcryptjs';
import type { RequestHandler, Response } from 'express';
import jwt from 'jsonwebtoken';
import type { LoginResponse } from '@stakedesk/shared/api-types';
import { MESSAGES } from '@stakedesk/shared/messages';
import type { AdminLoginInput } from '@stakedesk/shared/schemas';
import type { Actor } from '../audit/audit.js';
import { unauthorized } from '../http/errors.js';
import { Admin } from './admin.model.js';
import { sequelizeWhereLower } from './admin-lookup.js';

export const BCRYPT_COST = 12;
const TOKEN_TTL_SECONDS = 12 * 60 * 60;
// Compared against when the username is unknown, so a miss costs as long as a wrong password.
const DUMMY_HASH = bcrypt.hashSync('stakedesk-timing-equaliser', BCRYPT_COST);

type AdminClaims = { sub: string; tv: number; typ: 'admin'; exp: number };

export async function login(input: AdminLoginInput, secret: string): Promise<LoginResponse> {
  const admin = await Admin.findOne({ where: sequelizeWhereLower('username', input.username) });
  const matches = await bcrypt.compare(input.password, admin?.passwordHash ?? DUMMY_HASH);
  if (!admin || !matches) throw unauthorized(MESSAGES.invalidCredentials);
  return signAdminToken(admin, secret);
}

export function signAdminToken(admin: Admin, secret: string): LoginResponse {
  const claims: Omit<AdminClaims, 'exp'> = { sub: String(admin.id), tv: admin.tokenVersion, typ: 'admin' };
  const token = jwt.sign(claims, secret, { algorithm: 'HS256', expiresIn: TOKEN_TTL_SECONDS });
  return { token, expiresAt: new Date(Date.now() + TOKEN_TTL_SECONDS * 1000).toISOString() };
}

function readClaims(token: string, secret: string): AdminClaims {
  try {
    const claims = jwt.verify(token, secret, { algorithms: ['HS256'] });
    if (
      typeof claims !== 'object' ||
      claims.typ !== 'admin' ||
      typeof claims.sub !== 'string' ||
      typeof claims.tv !== 'number' ||
      typeof claims.exp !== 'number'
    ) {
      throw unauthorized(MESSAGES.invalidToken);
    }
    return claims as AdminClaims;
  } catch (error) {
    if (error instanceof jwt.TokenExpiredError) throw unauthorized(MESSAGES.sessionExpired);
    throw unauthorized(MESSAGES.invalidToken);
  }
}

/** What a valid admin token proved: which admin, at which token version, until when. */
export type AdminSession = { adminId: number; tokenVersion: number; expiresAt: number };

/** True while the admin exists and has not changed its password since the token was issued. */
export async function isSessionCurrent(session: Pick<AdminSession, 'adminId' | 'tokenVersion'>): Promise<Admin | null> {
  const admin = Number.isSafeInteger(session.adminId) ? await Admin.findByPk(session.adminId) : null;
  return admin && admin.tokenVersion === session.tokenVersion ? admin : null;
}

/**
 * Admin routes need `Authorization: Bearer <token>` for an admin that still exists and has not
 * changed its password since the token was issued.
 */
export function requireAdmin(secret: string): RequestHandler {
  return async (req, res, next) => {
    const header = req.get('authorization') ?? '';
    const match = /^Bearer ([A-Za-z0-9_\-.]+)$/.exec(header);
    if (!match) throw unauthorized();
    const claims = readClaims(match[1]!, secret);
    const session: AdminSession = { adminId: Number(claims.sub), tokenVersion: claims.tv, expiresAt: claims.exp * 1000 };
    const admin = await isSessionCurrent(session);
    if (!admin) throw unauthorized(MESSAGES.sessionExpired);
    res.locals.admin = { id: admin.id, username: admin.username } satisfies Actor;
    res.locals.adminSession = session;
    next();
  };
}

export function currentAdmin(res: Response): Actor {
  return res.locals.admin as Actor;
}

export function currentAdminSession(res: Response): AdminSession {
  return res.locals.adminSession as AdminSession;
}
