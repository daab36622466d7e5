import type { RequestHandler } from 'express';
import { roleRequired as roleRequiredMessage } from '@stakedesk/shared/messages';
import { roleAllows, type AdminRole } from '@stakedesk/shared/roles';
import { forbidden } from '../errors.js';
import { currentAdmin } from './admin-auth.js';

export const roleRequired = (role: AdminRole) => forbidden(roleRequiredMessage(role), { requiredRole: role });

/**
 * The least role a route needs (shared/src/roles.ts), written on the route itself so the rule cannot drift
 * from it: viewer for reads and exports, operator for the day-to-day work, owner for the settings
 * and the admins. It runs before the body is read.
 */
export function requireRole(role: AdminRole): RequestHandler {
  return (_req, res, next) => {
    if (!roleAllows(currentAdmin(res).role, role)) throw roleRequired(role);
    next();
  };
}
