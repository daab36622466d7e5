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

type AdminClaims = { sub: string; tv: number; typ: 'admin' };

export async function login(input: AdminLoginInput, secret: string): Promise<LoginResponse> {
  const admin = await Admin.findOne({ where: sequelizeWhereLower('username', input.username) });
  const matches = await bcrypt.compare(input.password, admin?.passwordHash ?? DUMMY_HASH);
  if (!admin || !matches) throw unauthorized(MESSAGES.invalidCredentials);
  return signAdminToken(admin, secret);
}

export function signAdminToken(admin: Admin, secret: string): LoginResponse {
  const claims: AdminClaims = { sub: String(admin.id), tv: admin.tokenVersion, typ: 'admin' };
  const token = jwt.sign(claims, secret, { algorithm: 'HS256', expiresIn: TOKEN_TTL_SECONDS });
  return { token, expiresAt: new Date(Date.now() + TOKEN_TTL_SECONDS * 1000).toISOString() };
}

function readClaims(token: string, secret: string): AdminClaims {
  try {
    const claims = jwt.verify(token, secret, { algorithms: ['HS256'] });
    if (typeof claims !== 'object' || claims.typ !== 'admin' || typeof claims.sub !== 'string' || typeof claims.tv !== 'number') {
      throw unauthorized(MESSAGES.invalidToken);
    }
    return claims as AdminClaims;
  } catch (error) {
    if (error instanceof jwt.TokenExpiredError) throw unauthorized(MESSAGES.sessionExpired);
    throw unauthorized(MESSAGES.invalidToken);
  }
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
    const id = Number(claims.sub);
    const admin = Number.isSafeInteger(id) ? await Admin.findByPk(id) : null;
    if (!admin || admin.tokenVersion !== claims.tv) throw unauthorized(MESSAGES.sessionExpired);
    res.locals.admin = { id: admin.id, username: admin.username } satisfies Actor;
    next();
  };
}

export function currentAdmin(res: Response): Actor {
  return res.locals.admin as Actor;
}
