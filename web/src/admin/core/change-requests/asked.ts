import { useCallback } from 'react';
import type { ChangeRequest, ChangeRequestAccepted } from '@stakedesk/shared/api-types';
import { useAdminI18n } from '../../i18n.js';
import { useToast } from '../../toast.js';
import { REQUEST_FIELD_LABELS } from './field-labels.js';

/** The change request of a 202 (DESIGN 17: the change waits for another owner), or null when the change was made. */
export function askedFor(answer: unknown): ChangeRequest | null {
  if (typeof answer !== 'object' || answer === null || !('changeRequest' in answer)) return null;
  return (answer as ChangeRequestAccepted).changeRequest;
}

/** Says that a save became a change request, instead of "saved": what waits, and where to follow it. */
export function useAskedNotice(): (request: ChangeRequest) => void {
  const { t } = useAdminI18n();
  const toast = useToast();
  return useCallback(
    (request: ChangeRequest) =>
      toast.info(
        t('requests.asked'),
        t('requests.askedText', {
          id: request.id,
          fields: request.changes.map((change) => t(REQUEST_FIELD_LABELS[change.field])).join(', '),
        }),
      ),
    [t, toast],
  );
}
