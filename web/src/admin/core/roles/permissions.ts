import { roleOf, type RoleCheckedRoute } from '@stakedesk/shared/admin-routes';
import { roleAllows, type AdminRole } from '@stakedesk/shared/roles';

/**
 * The admin API routes each control of the panel calls: its role is theirs (shared/src/admin-routes.ts),
 * so the panel cannot drift from what the server refuses with 403. The panel hides or disables a
 * control the role may not use and says which role it would take. Reads and CSV exports need nothing
 * beyond a signed-in viewer.
 */
export const ACTION_ROUTES = {
  /** Pay, Process, Reject a withdrawal. */
  'withdrawals.process': ['PUT /api/admin/withdrawals/:id', 'POST /api/admin/payouts', 'POST /api/admin/payouts/:id/signed'],
  /** Approve a withdrawal at or above the approval threshold, for another admin to pay. */
  'withdrawals.approve': ['POST /api/admin/withdrawals/:id/approve'],
  /** Resolve a withdrawal whose payout landed but did not pay it as owed (with step-up). */
  'withdrawals.resolve': ['POST /api/admin/withdrawals/:id/resolve'],
  /** Create, edit, activate or deactivate, delete a plan. */
  'plans.manage': [
    'POST /api/admin/staking-plans',
    'PUT /api/admin/staking-plans/:id',
    'PATCH /api/admin/staking-plans/:id/toggle',
    'DELETE /api/admin/staking-plans/:id',
  ],
  'stakes.updateExpired': ['POST /api/admin/update-expired-stakes'],
  'settings.save': ['PUT /api/admin/settings'],
  /** Create, edit (role, password), delete an admin. */
  'admins.manage': ['POST /api/admin/admins', 'PUT /api/admin/admins/:id', 'DELETE /api/admin/admins/:id'],
  /** Create, edit, delete an alert webhook and send it a test. */
  'alerts.manage': [
    'POST /api/admin/webhooks',
    'PUT /api/admin/webhooks/:id',
    'DELETE /api/admin/webhooks/:id',
    'POST /api/admin/webhooks/:id/test',
  ],
  /** Approve (another owner's), reject or cancel a change request (DESIGN 17). */
  'requests.decide': [
    'POST /api/admin/change-requests/:id/approve',
    'POST /api/admin/change-requests/:id/reject',
    'DELETE /api/admin/change-requests/:id',
  ],
  /** Mark an outflow of the treasury explained (with step-up). */
  'outflows.explain': ['POST /api/admin/outflows/:signature/explain'],
  /** Run an audit of the books against the chain now (DESIGN 19). */
  'audits.run': ['POST /api/admin/audits'],
  /** Dismiss a hold the audit put on a payout found on chain (with step-up). */
  'audits.dismissHold': ['POST /api/admin/audit-holds/:id/dismiss'],
  /** Take a proof-of-reserves snapshot and sign its anchor with the staking wallet. */
  'reserves.manage': [
    'POST /api/admin/reserves/snapshots',
    'POST /api/admin/reserves/snapshots/:id/anchor/prepare',
    'POST /api/admin/reserves/snapshots/:id/anchor/submit',
  ],
} as const satisfies Record<string, readonly RoleCheckedRoute[]>;

export type PanelAction = keyof typeof ACTION_ROUTES;

/** The least role that may call every route of the action: the highest any of them needs. */
function leastRoleFor(routes: readonly RoleCheckedRoute[]): AdminRole {
  return routes.map(roleOf).reduce((highest, role) => (roleAllows(highest, role) ? highest : role));
}

export const ACTION_ROLE = Object.fromEntries(
  Object.entries(ACTION_ROUTES).map(([action, routes]) => [action, leastRoleFor(routes)]),
) as Record<PanelAction, AdminRole>;

export type Permission = { allowed: true } | { allowed: false; needs: AdminRole };

export function permissionFor(role: AdminRole, action: PanelAction): Permission {
  const needs = ACTION_ROLE[action];
  return roleAllows(role, needs) ? { allowed: true } : { allowed: false, needs };
}
