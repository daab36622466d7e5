import { App, Button, Card, Typography } from 'antd';
import { useAdminI18n, useLocalizeMessage } from '../i18n.js';
import { useSession } from '../core/session/session.js';
import { useToast } from '../toast.js';
import { useSignOutEverywhere } from './api.js';

/** Sign out everywhere: every earlier token of this admin stops working; this session goes on with the new one. */
export function SessionsCard() {
  const { t } = useAdminI18n();
  const localize = useLocalizeMessage();
  const toast = useToast();
  const { modal } = App.useApp();
  const { replaceToken } = useSession();
  const signOut = useSignOutEverywhere();

  function confirm() {
    modal.confirm({
      title: t('sessions.confirmTitle'),
      content: t('sessions.confirmText'),
      okText: t('sessions.signOutEverywhere'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        signOut.mutateAsync().then(
          async ({ token }) => {
            await replaceToken(token);
            toast.success(t('sessions.done'));
          },
          (error: Error) => toast.error(t('sessions.failed'), localize(error)),
        ),
    });
  }

  return (
    <Card title={t('sessions.title')} style={{ marginTop: 16 }}>
      <Typography.Paragraph type="secondary">{t('sessions.text')}</Typography.Paragraph>
      <Button danger onClick={confirm} loading={signOut.isPending}>
        {t('sessions.signOutEverywhere')}
      </Button>
    </Card>
  );
}
