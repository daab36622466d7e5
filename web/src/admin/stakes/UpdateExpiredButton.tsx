import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import type { UpdateExpiredResponse } from '@stakedesk/shared/api-types';
import { ApiError } from '../../lib/api-client.js';
import { adminKeys } from '../api/query-keys.js';
import { useAdminI18n, useLocalizeMessage } from '../i18n.js';
import { useAdminClient } from '../session/session.js';

/**
 * Marks every active stake whose period has ended as completed, then says how many (SPEC 4) and
 * refreshes every table, as SPEC's page reload did.
 */
export function UpdateExpiredButton() {
  const { t } = useAdminI18n();
  const localize = useLocalizeMessage();
  const { modal } = App.useApp();
  const client = useAdminClient();
  const queryClient = useQueryClient();

  const update = useMutation({
    mutationFn: () => client.send<UpdateExpiredResponse>('POST', '/api/admin/update-expired-stakes'),
    onSuccess: ({ updatedCount }) => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      modal.success({ title: t('stakes.updatedExpired', { count: updatedCount }) });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) {
        modal.error({ title: t('stakes.authFailed') });
        return;
      }
      const reason = error instanceof ApiError ? t('stakes.serverError', { status: error.status }) : error.message;
      modal.error({ title: t('stakes.updateExpiredFailed', { message: reason }), content: localize(error.message) });
    },
  });

  return (
    <Button onClick={() => update.mutate()} loading={update.isPending}>
      {t('stakes.updateExpired')}
    </Button>
  );
}
