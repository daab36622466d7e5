import { Tag } from 'antd';
import type { AdminRole } from '@stakedesk/shared/roles';
import { useAdminI18n } from '../../i18n.js';

const COLORS: Record<AdminRole, string> = { owner: 'gold', operator: 'blue', viewer: 'default' };

export function RoleTag({ role }: { role: AdminRole }) {
  const { t } = useAdminI18n();
  return <Tag color={COLORS[role]}>{t(`role.${role}`)}</Tag>;
}
