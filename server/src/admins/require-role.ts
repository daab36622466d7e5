import type { RequestHandler } from 'express';
import { roleOf, type RoleCheckedRoute } from '@stakedesk/shared/admin-routes';
import { roleRequired as roleRequiredMessage } from '@stakedesk/shared/messages';
import { roleAllows, type AdminRole } from '@stakedesk/shared/roles';
import { forbidden } from '../errors.js';
import { currentAdmin } from './admin-auth.js';

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
