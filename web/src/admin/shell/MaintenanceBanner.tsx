import { Alert } from 'antd';
import { useAdminSettings } from '../core/queries/queries.js';
import { useAdminI18n } from '../i18n.js';

/** Above every tab while holders see the maintenance page, so that no admin forgets it is on. */
export function MaintenanceBanner() {
  const { t } = useAdminI18n();
  const { data: settings } = useAdminSettings();
  if (!settings?.maintenanceMode) return null;
  return <Alert type="warning" showIcon title={t('settings.maintenanceWarning')} style={{ marginTop: 8 }} />;
}
