import type { AdminRole } from './roles.js';

/**
 * Every admin API route, as Express mounts it, and the least role it needs (roles.ts). The one place
 * a route's role is written: the server checks it from here, the panel hides what a role may not do
 * from here, and the roles test and the fuzzer enumerate it (a mounted route missing here fails them).
 * The admin's own account (/me) is open to every role, so to a viewer; signing in needs no role.
 */
export const ADMIN_ROUTES = {
  'POST /api/admin/login': 'signIn',
  'GET /api/admin/staking-plans': 'viewer',
  'POST /api/admin/staking-plans': 'operator',
  'PUT /api/admin/staking-plans/:id': 'operator',
  'PATCH /api/admin/staking-plans/:id/toggle': 'operator',
  'DELETE /api/admin/staking-plans/:id': 'operator',
  'GET /api/admin/jobs': 'viewer',
  'GET /api/admin/stakes': 'viewer',
  'GET /api/admin/stakes.csv': 'viewer',
  'POST /api/admin/update-expired-stakes': 'operator',
  'GET /api/admin/stats': 'viewer',
  'POST /api/admin/reserves/snapshots': 'owner',
  'GET /api/admin/reserves/snapshots': 'viewer',
  'POST /api/admin/reserves/snapshots/:id/anchor/prepare': 'owner',
  'POST /api/admin/reserves/snapshots/:id/anchor/submit': 'owner',
  'GET /api/admin/admins': 'viewer',
  'POST /api/admin/admins': 'owner',
  'PUT /api/admin/admins/:id': 'owner',
  'DELETE /api/admin/admins/:id': 'owner',
  'GET /api/admin/audit-log': 'viewer',
  'GET /api/admin/events': 'viewer',
  'GET /api/admin/settings': 'viewer',
  'PUT /api/admin/settings': 'owner',
  'GET /api/admin/auto-payouts': 'viewer',
  'GET /api/admin/reconciliation': 'viewer',
  'GET /api/admin/payouts': 'viewer',
  'GET /api/admin/payouts/:id': 'viewer',
  'POST /api/admin/payouts': 'operator',
  'POST /api/admin/payouts/:id/signed': 'operator',
  'PUT /api/admin/withdrawals/:id': 'operator',
  'POST /api/admin/withdrawals/:id/resolve': 'owner',
  'GET /api/admin/treasury': 'viewer',
  'GET /api/admin/webhooks': 'viewer',
  'POST /api/admin/webhooks': 'owner',
  'PUT /api/admin/webhooks/:id': 'owner',
  'DELETE /api/admin/webhooks/:id': 'owner',
  'POST /api/admin/webhooks/:id/test': 'owner',
  'GET /api/admin/webhooks/:id/deliveries': 'viewer',
  'GET /api/admin/withdrawals': 'viewer',
  'GET /api/admin/withdrawals.csv': 'viewer',
  'GET /api/admin/me': 'viewer',
  'POST /api/admin/me/two-factor/setup': 'viewer',
  'POST /api/admin/me/two-factor/enable': 'viewer',
  'POST /api/admin/me/two-factor/disable': 'viewer',
  'POST /api/admin/me/password': 'viewer',
  'POST /api/admin/me/sign-out-everywhere': 'viewer',
  'POST /api/admin/me/logout': 'viewer',
} as const satisfies Record<string, AdminRole | 'signIn'>;

export type AdminRoute = keyof typeof ADMIN_ROUTES;

/** A route checked by role after sign-in (every one but the sign-in itself). */
export type RoleCheckedRoute = { [R in AdminRoute]: (typeof ADMIN_ROUTES)[R] extends AdminRole ? R : never }[AdminRoute];

export function roleOf(route: RoleCheckedRoute): AdminRole {
  return ADMIN_ROUTES[route];
}
