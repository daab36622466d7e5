import { Alert } from 'antd';
import { useAdminSettings } from '../core/queries/queries.js';
import { useAdminI18n } from '../i18n.js';

/** On a demo server (DESIGN 16): what this is, and which wallet pays by hand here. */
export function DemoBanner() {
  const { t } = useAdminI18n();
  const { data: settings } = useAdminSettings();
  if (!settings?.demo) return null;
  return <Alert type="warning" showIcon title={t('demo.band')} description={t('demo.panelHint')} style={{ marginTop: 8 }} />;
}
