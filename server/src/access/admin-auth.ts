import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Sequelize } from 'sequelize';
import type { Dependencies } from '../dependencies.js';
import jwt from 'jsonwebtoken';
import type { SessionTokenResponse } from '@stakedesk/shared/api-types';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import { forbidden, unauthorized } from '../errors.js';
import { adminsTable, type Admin } from './admin.model.js';
import { passkeyCount } from './passkey-store.js';
import { adminRevocations } from '../auth/index.js';
import { loadSettings } from '../settings/index.js';
import type { AdminSession, SignedInAdmin } from '../http/signed-in-admin.js';

const TOKEN_TTL_SECONDS = 12 * 60 * 60;

/**
 * sid: this session's own id (a password change keeps the session it was made from).
 * tfs: signed in while two-factor was required and not set up: the token opens /api/admin/me* only,
 * for good (enabling two-factor answers a new, full token).
 */
type AdminClaims = { sub: string; tv: number; sid: string; typ: 'admin'; tfs?: true; exp: number };

export function signAdminToken(admin: Admin, secret: string, options: { setupOnly?: boolean } = {}): SessionTokenResponse {
  const claims: Omit<AdminClaims, 'exp'> = {
    sub: String(admin.id),
    tv: admin.tokenVersion,
    sid: randomUUID(),
    typ: 'admin',
    ...(options.setupOnly && { tfs: true as const }),
  };
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
      typeof claims.sid !== 'string' ||
      (claims.tfs !== undefined && claims.tfs !== true) ||
      typeof claims.exp !== 'number'
    ) {
      throw unauthorized(msg('invalidToken'));
    }
    return claims as AdminClaims;
  } catch (error) {
    if (error instanceof jwt.TokenExpiredError) throw unauthorized(msg('sessionExpired'));
    throw unauthorized(msg('invalidToken'));
  }
}

/** Whether this admin row still honours the session: not ended since (by version), or the one session kept. */
export function honours(admin: Admin, session: Pick<AdminSession, 'tokenVersion' | 'sessionId'>): boolean {
  return admin.tokenVersion === session.tokenVersion || (admin.keptSessionId !== null && admin.keptSessionId === session.sessionId);
}

/**
 * The admin, while it exists, its sessions have not been ended since the token was issued, and
 * this session was not logged out.
 */
export async function isSessionCurrent(
  db: Sequelize,
  session: Pick<AdminSession, 'adminId' | 'tokenVersion' | 'sessionId'>,
): Promise<Admin | null> {
  if (!Number.isSafeInteger(session.adminId)) return null;
  const [admin, revoked] = await Promise.all([
    adminsTable(db).findByPk(session.adminId),
    adminRevocations.isRevoked(db, session.sessionId),
  ]);
  return admin && !revoked && honours(admin, session) ? admin : null;
}

/** Two-factor is required and this session may only set it up (its admin has no second factor yet: a code or a passkey). */
async function mustEnrolFirst(db: Sequelize, session: AdminSession, admin: Admin): Promise<boolean> {
  if (session.setupOnly) return true;
  if (admin.twoFactorEnabled || !(await loadSettings(db)).requireTwoFactor) return false;
  return (await passkeyCount(db, admin.id)) === 0;
}

export const twoFactorSetupRequired = () => forbidden(msg('twoFactorSetupRequired'), { twoFactorSetupRequired: true });

/**
 * `Authorization: Bearer <token>` for an admin that still exists and whose sessions have not been
 * ended since the token was issued. While two-factor is required and the admin has not set it up
 * (or the token was issued that way), only `enrolment` routes (/api/admin/me*) let it through.
 */
export function requireAdmin({ database, secrets }: Dependencies, options: { enrolment?: boolean } = {}): RequestHandler {
  return async (req, res, next) => {
    const header = req.get('authorization') ?? '';
    const match = /^Bearer ([A-Za-z0-9_\-.]+)$/.exec(header);
    if (!match) throw unauthorized();
    const claims = readClaims(match[1]!, secrets.jwtSecret);
    const session: AdminSession = {
      adminId: Number(claims.sub),
      tokenVersion: claims.tv,
      sessionId: claims.sid,
      expiresAt: claims.exp * 1000,
      setupOnly: claims.tfs === true,
    };
    const admin = await isSessionCurrent(database, session);
    if (!admin) throw unauthorized(msg('sessionExpired'));
    if (!options.enrolment && (await mustEnrolFirst(database, session, admin))) throw twoFactorSetupRequired();
    res.locals.admin = {
      id: admin.id,
      username: admin.username,
      role: admin.role,
      twoFactorEnabled: admin.twoFactorEnabled,
      session,
    } satisfies SignedInAdmin;
    next();
  };
}
