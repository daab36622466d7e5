import { LockOutlined } from '@ant-design/icons';
import { Alert } from 'antd';
import type { AdminMessageKey } from '../../../i18n/admin-en.js';
import { useAdminI18n } from '../../i18n.js';
import type { PanelAction } from './permissions.js';
import { useAdminRole, usePermission } from './use-permission.js';

/**
 * Says, above a tab whose changes the admin's role may not make, which role they need and what
 * the admin's own role is (nothing otherwise); the controls themselves are not shown.
 */
export function RoleNotice({ action, text }: { action: PanelAction; text: AdminMessageKey }) {
  const { t } = useAdminI18n();
  const role = useAdminRole();
  const { allowed } = usePermission(action);
  if (allowed) return null;
  return <Alert type="info" showIcon icon={<LockOutlined />} title={t(text, { role: t(`role.${role}`) })} style={{ marginBottom: 16 }} />;
}
