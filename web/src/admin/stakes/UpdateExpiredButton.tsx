import { App, Button } from 'antd';
import { ApiError } from '../../lib/api-client.js';
import { useAdminFormat } from '../format.js';
import { useAdminI18n, useLocalizeMessage } from '../i18n.js';
import { useUpdateExpiredStakes } from './api.js';

/**
 * Marks every active stake whose period has ended as completed, then says how many; the tables
 * that change (stakes, stats, treasury, audit) are refreshed.
 */
export function UpdateExpiredButton() {
  const { t } = useAdminI18n();
  const format = useAdminFormat();
  const localize = useLocalizeMessage();
  const { modal } = App.useApp();

  const update = useUpdateExpiredStakes({
    onSuccess: ({ updatedCount }) => {
      modal.success({ title: t('stakes.updatedExpired', { count: format.count(updatedCount) }) });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) {
        modal.error({ title: t('stakes.authFailed') });
        return;
      }
      modal.error({ title: t('stakes.updateExpiredFailed'), content: localize(error) });
    },
  });

  return (
    <Button onClick={() => update.mutate()} loading={update.isPending}>
      {t('stakes.updateExpired')}
    </Button>
  );
}
