import { Typography } from 'antd';
import type { ChangeRequest } from '@stakedesk/shared/api-types';
import { useAdminFormat } from '../format.js';
import { useAdminI18n, useLocalizeMessage } from '../i18n.js';

/** Who asked and when, and where the request stands: until when it may be decided, when it takes effect, who ended it and why. */
export function RequestState({ request }: { request: ChangeRequest }) {
  const { t } = useAdminI18n();
  const format = useAdminFormat();
  const localize = useLocalizeMessage();
  const by = request.decidedBy?.username ?? '';
  const when = (value: string | null) => (value ? format.dateTime(value) : '');
  const state = {
    pending: t('requests.state.pending', { at: when(request.expiresAt) }),
    scheduled: t('requests.state.scheduled', { by, at: when(request.effectiveAt) }),
    applied: t('requests.state.applied', { at: when(request.appliedAt) }),
    rejected: t('requests.state.rejected', { by, reason: request.reason ?? '' }),
    expired: t('requests.state.expired', { at: when(request.expiresAt) }),
    cancelled: t('requests.state.cancelled', { by, at: when(request.decidedAt) }),
    failed: t('requests.state.failed', { reason: request.failure ? localize(request.failure) : '' }),
  }[request.status];
  return (
    <div className="admin-request-state">
      <Typography.Text type="secondary">
        {t('requests.askedBy', { username: request.requestedBy.username, at: format.dateTime(request.requestedAt) })}
      </Typography.Text>
      <Typography.Text>{state}</Typography.Text>
    </div>
  );
}
