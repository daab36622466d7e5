import { useQuery } from '@tanstack/react-query';
import type { ChangeRequest } from '@stakedesk/shared/api-types';
import type { ChangeRequestStatus } from '@stakedesk/shared/change-requests';
import { withQuery } from '../core/api/admin-client.js';
import { adminKeys } from '../core/queries/query-keys.js';
import { useChangeMutation, type MutationCallbacks } from '../core/events/invalidation.js';
import type { AdminChange } from '../core/events/stale-keys.js';
import { useAdminClient } from '../core/session/session.js';
import type { StepUpChange } from '../core/api/step-up.js';

const requestsKey = (status: ChangeRequestStatus | undefined) => adminKeys.route('GET /api/admin/change-requests', status ?? 'all');

/** The change requests, newest first: all of them, or those of one status. */
export function useChangeRequests(status?: ChangeRequestStatus) {
  const client = useAdminClient();
  return useQuery({
    queryKey: requestsKey(status),
    queryFn: () => client.get<ChangeRequest[]>(withQuery('/api/admin/change-requests', { status })),
  });
}

/** A decision changes the request, and, when it takes effect, what it changes (settings, a webhook, an admin). */
const decided = (): AdminChange[] => [
  { type: 'admin.changed', entityType: 'change_request' },
  { type: 'admin.changed', entityType: 'settings' },
  { type: 'admin.changed', entityType: 'webhook' },
  { type: 'admin.changed', entityType: 'admin' },
];

/** Another owner approves, with step-up: the dialog shows what the request changes. */
export function useApproveRequest(callbacks: MutationCallbacks<ChangeRequest, { request: ChangeRequest; shown: StepUpChange[] }> = {}) {
  const client = useAdminClient();
  return useChangeMutation(
    ({ request, shown }: { request: ChangeRequest; shown: StepUpChange[] }) =>
      client.send<ChangeRequest>('POST', `/api/admin/change-requests/${request.id}/approve`, {}, { stepUpChanges: shown }),
    decided,
    callbacks,
  );
}

export function useRejectRequest(callbacks: MutationCallbacks<ChangeRequest, { request: ChangeRequest; reason: string }> = {}) {
  const client = useAdminClient();
  return useChangeMutation(
    ({ request, reason }: { request: ChangeRequest; reason: string }) =>
      client.send<ChangeRequest>('POST', `/api/admin/change-requests/${request.id}/reject`, { reason }),
    decided,
    callbacks,
  );
}

/** Any owner cancels a request still open (pending, or approved and waiting for its time), with step-up. */
export function useCancelRequest(callbacks: MutationCallbacks<ChangeRequest, { request: ChangeRequest; shown: StepUpChange[] }> = {}) {
  const client = useAdminClient();
  return useChangeMutation(
    ({ request, shown }: { request: ChangeRequest; shown: StepUpChange[] }) =>
      client.send<ChangeRequest>('DELETE', `/api/admin/change-requests/${request.id}`, {}, { stepUpChanges: shown }),
    decided,
    callbacks,
  );
}
