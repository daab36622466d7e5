import type { Admin, ChangeRequest } from '@stakedesk/shared/api-types';
import type { AdminCreateInput } from '@stakedesk/shared/schemas';
import { useChangeMutation, type MutationCallbacks } from '../core/events/invalidation.js';
import type { AdminChange } from '../core/events/stale-keys.js';
import { askedFor } from '../core/change-requests/asked.js';
import { useAdminClient } from '../core/session/session.js';

const adminChanged = (): AdminChange[] => [
  { type: 'admin.changed', entityType: 'admin' },
  { type: 'admin.changed', entityType: 'change_request' },
];

/**
 * Creates an admin (`admin` null) or changes `admin`; the API client asks for a step-up where one is
 * needed. The answer's change request: with two or more owners, making an admin an owner or taking
 * it from another owner waits for another owner's approval (DESIGN 17; the rest of the change is made).
 */
export function useSaveAdmin(admin: Admin | null, callbacks: MutationCallbacks<ChangeRequest | null, AdminCreateInput> = {}) {
  const client = useAdminClient();
  return useChangeMutation(
    async (input: AdminCreateInput) =>
      askedFor(
        admin ? await client.send('PUT', `/api/admin/admins/${admin.id}`, input) : await client.send('POST', '/api/admin/admins', input),
      ),
    adminChanged,
    callbacks,
  );
}

/** Deletes an admin; with two or more owners, another owner's removal is a change request that waits for another owner (DESIGN 17). */
export function useDeleteAdmin(callbacks: MutationCallbacks<ChangeRequest | null, Admin> = {}) {
  const client = useAdminClient();
  return useChangeMutation(
    async (admin: Admin) => askedFor(await client.send('DELETE', `/api/admin/admins/${admin.id}`)),
    adminChanged,
    callbacks,
  );
}
