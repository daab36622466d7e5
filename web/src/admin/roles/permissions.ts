import { roleAllows, type AdminRole } from '@stakedesk/shared/roles';

/**
 * What each control of the panel needs (shared/src/roles.ts): the server refuses the rest with 403 anyway;
 * the panel hides or disables them and says which role it would take. Reads and CSV exports
 * need nothing beyond a signed-in viewer.
 */
export const ACTION_ROLE = {
  /** Pay, Process, Reject a withdrawal. */
  'withdrawals.process': 'operator',
  /** Resolve a withdrawal whose payout landed but did not pay it as owed (with step-up). */
  'withdrawals.resolve': 'owner',
  /** Create, edit, activate or deactivate, delete a plan. */
  'plans.manage': 'operator',
  'stakes.updateExpired': 'operator',
  'settings.save': 'owner',
  /** Create, edit (role, password), delete an admin. */
  'admins.manage': 'owner',
  /** Create, edit, delete an alert webhook and send it a test. */
  'alerts.manage': 'owner',
  /** Take a proof-of-reserves snapshot and sign its anchor with the staking wallet. */
  'reserves.manage': 'owner',
} as const satisfies Record<string, AdminRole>;

export type PanelAction = keyof typeof ACTION_ROLE;

export type Permission = { allowed: true } | { allowed: false; needs: AdminRole };

export function permissionFor(role: AdminRole, action: PanelAction): Permission {
  const needs = ACTION_ROLE[action];
  return roleAllows(role, needs) ? { allowed: true } : { allowed: false, needs };
}
