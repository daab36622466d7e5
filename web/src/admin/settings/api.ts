import { useQueryClient } from '@tanstack/react-query';
import type { AdminSettings } from '@stakedesk/shared/api-types';
import type { SettingsInput } from '@stakedesk/shared/schemas';
import { adminKeys } from '../api/query-keys.js';
import { useChangeMutation, type MutationCallbacks } from '../events/invalidation.js';
import { useAdminClient } from '../session/session.js';

/** Saves the platform settings; the answer is the new settings, shown at once. */
export function useSaveSettings(callbacks: MutationCallbacks<AdminSettings, SettingsInput> = {}) {
  const client = useAdminClient();
  const queryClient = useQueryClient();
  return useChangeMutation(
    (input: SettingsInput) => client.send<AdminSettings>('PUT', '/api/admin/settings', input),
    () => [{ type: 'admin.changed', entityType: 'settings' }],
    {
      ...callbacks,
      onSuccess: (saved, ...rest) => {
        queryClient.setQueryData(adminKeys.settings, saved);
        return callbacks.onSuccess?.(saved, ...rest);
      },
    },
  );
}
