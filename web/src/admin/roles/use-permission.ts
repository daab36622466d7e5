import type { AdminRole } from '@stakedesk/shared/roles';
import { useAdminMe } from '../api/queries.js';
import { useAdminI18n } from '../i18n.js';
import { useSession } from '../session/session.js';
import { permissionFor, type PanelAction } from './permissions.js';

/** The signed-in admin's role: GET /api/admin/me, else what the login said; the least until either answers. */
export function useAdminRole(): AdminRole {
  const { data: me } = useAdminMe();
  const { loginRole } = useSession();
  return me?.role ?? loginRole ?? 'viewer';
}

/** Whether the signed-in admin may use a control, and if not, the sentence that says which role it needs. */
export function usePermission(action: PanelAction): { allowed: boolean; reason: string } {
  const { t } = useAdminI18n();
  const permission = permissionFor(useAdminRole(), action);
  return permission.allowed ? { allowed: true, reason: '' } : { allowed: false, reason: t(`role.required.${permission.needs}`) };
}
