import type { RequestHandler, Response } from 'express';
import { roleOf, type RoleCheckedRoute } from '@stakedesk/shared/admin-routes';
import { roleRequired as roleRequiredMessage } from '@stakedesk/shared/messages';
import { roleAllows, type AdminRole } from '@stakedesk/shared/roles';
import { forbidden } from '../errors.js';

/** What a valid admin token proved: which admin, at which token version, which session, until when. */
export type AdminSession = { adminId: number; tokenVersion: number; sessionId: string; expiresAt: number; setupOnly: boolean };

/** The admin a request acts as, as its token and the database say now (admins' requireAdmin sets it). */
export type SignedInAdmin = { id: number; username: string; role: AdminRole; twoFactorEnabled: boolean; session: AdminSession };

export function currentAdmin(res: Response): SignedInAdmin {
  return res.locals.admin as SignedInAdmin;
}

export function currentAdminSession(res: Response): AdminSession {
  return currentAdmin(res).session;
}

export const roleRequired = (role: AdminRole) => forbidden(roleRequiredMessage(role), { requiredRole: role });

/**
 * The least role a route needs, read from the one table of routes (shared/src/admin-routes.ts): the
 * route names itself as that table does, so a typo does not compile and the role cannot drift from
 * what the panel shows. It runs before the body is read.
 */
export function requireRole(route: RoleCheckedRoute): RequestHandler {
  const role = roleOf(route);
  return (_req, res, next) => {
    if (!roleAllows(currentAdmin(res).role, role)) throw roleRequired(role);
    next();
  };
}
