import type { UpdateExpiredResponse } from '@stakedesk/shared/api-types';
import { useChangeMutation, type MutationCallbacks } from '../core/events/invalidation.js';
import type { AdminChange } from '../core/events/stale-keys.js';
import { useAdminClient } from '../core/session/session.js';

/** Marks every active stake whose period has ended as completed; answers how many. */
export function useUpdateExpiredStakes(callbacks: MutationCallbacks<UpdateExpiredResponse, void> = {}) {
  const client = useAdminClient();
  return useChangeMutation(
    () => client.send<UpdateExpiredResponse>('POST', '/api/admin/update-expired-stakes'),
    ({ updatedCount }): AdminChange[] => [
      { type: 'admin.changed', entityType: 'stake' },
      ...(updatedCount > 0 ? [{ type: 'stakes.expired' as const }] : []),
    ],
    callbacks,
  );
}
