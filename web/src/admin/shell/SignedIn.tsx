import { Button, Result, Space, Spin } from 'antd';
import { useAdminMe } from '../core/queries/queries.js';
import { useAdminI18n, useLocalizeMessage } from '../i18n.js';
import { AdminDashboard } from './AdminDashboard.js';
import { StepUpDialog } from './StepUpDialog.js';
import { useSession } from '../core/session/session.js';

/**
 * The panel once signed in. Its controls follow the admin's role, so it waits for the role: from
 * the login answer, or after a reload from GET /api/admin/me.
 */
export function SignedIn() {
  const { t } = useAdminI18n();
  const localize = useLocalizeMessage();
  const { loginRole, logout } = useSession();
  const me = useAdminMe();
  if (!me.data && !loginRole) {
    if (!me.isError) return <Spin fullscreen />;
    return (
      <Result
        status="error"
        title={t('session.loadFailed')}
        subTitle={localize(me.error)}
        extra={
          <Space wrap>
            <Button type="primary" onClick={() => void me.refetch()}>
              {t('session.retry')}
            </Button>
            <Button onClick={() => void logout()}>{t('header.logout')}</Button>
          </Space>
        }
      />
    );
  }
  return (
    <>
      <AdminDashboard />
      <StepUpDialog />
    </>
  );
}
