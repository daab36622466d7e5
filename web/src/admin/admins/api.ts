import type { Admin } from '@stakedesk/shared/api-types';
import type { AdminCreateInput } from '@stakedesk/shared/schemas';
import { useChangeMutation, type MutationCallbacks } from '../events/invalidation.js';
import type { AdminChange } from '../events/stale-keys.js';
import { useAdminClient } from '../session/session.js';

const adminChanged = (): AdminChange[] => [{ type: 'admin.changed', entityType: 'admin' }];

/** Creates an admin (`admin` null) or changes `admin`; the API client asks for a step-up where one is needed. */
export function useSaveAdmin(admin: Admin | null, callbacks: MutationCallbacks<Admin, AdminCreateInput> = {}) {
  const client = useAdminClient();
  return useChangeMutation(
    (input: AdminCreateInput) =>
      admin ? client.send<Admin>('PUT', `/api/admin/admins/${admin.id}`, input) : client.send<Admin>('POST', '/api/admin/admins', input),
    adminChanged,
    callbacks,
  );
}

export function useDeleteAdmin(callbacks: MutationCallbacks<unknown, Admin> = {}) {
  const client = useAdminClient();
  return useChangeMutation((admin: Admin) => client.send('DELETE', `/api/admin/admins/${admin.id}`), adminChanged, callbacks);
}
