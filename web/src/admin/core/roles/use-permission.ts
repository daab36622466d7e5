import type { AdminRole } from '@stakedesk/shared/roles';
import { useAdminMe } from '../queries/queries.js';
import { useSession } from '../session/session.js';
import { permissionFor, type PanelAction, type Permission } from './permissions.js';

/** The signed-in admin's role: GET /api/admin/me, else what the login said; the least until either answers. */
export function useAdminRole(): AdminRole {
  const { data: me } = useAdminMe();
  const { loginRole } = useSession();
  return me?.role ?? loginRole ?? 'viewer';
}

/** Whether the signed-in admin may use a control, and if not, which role it needs. */
export function usePermission(action: PanelAction): Permission {
  return permissionFor(useAdminRole(), action);
}
