/**
 * Operator roles: an owner may do everything; an operator everything but the settings
 * and the admins; a viewer reads and exports only. One place for the rule, on both sides.
 */
export const ADMIN_ROLES = ['owner', 'operator', 'viewer'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export function isAdminRole(value: string): value is AdminRole {
  return ADMIN_ROLES.some((role) => role === value);
}

const RANK: Record<AdminRole, number> = { viewer: 0, operator: 1, owner: 2 };

/** Whether `role` may do what needs `needed`. */
export function roleAllows(role: AdminRole, needed: AdminRole): boolean {
  return RANK[role] >= RANK[needed];
}
