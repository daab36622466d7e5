import { Alert } from 'antd';
import { useAdminFormat } from '../format.js';
import { useAdminI18n } from '../i18n.js';
import { useChangeRequests } from './api.js';

/** Above every tab while changes wait for a second owner (DESIGN 17): an owner who can approve them should not have to look. */
export function WaitingRequestsBanner() {
  const { t } = useAdminI18n();
  const format = useAdminFormat();
  const { data } = useChangeRequests('pending');
  if (!data || data.length === 0) return null;
  return <Alert type="info" showIcon title={t('requests.waiting', { count: format.count(data.length) })} style={{ marginTop: 8 }} />;
}
