import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Passkey,
  PasskeyOptionsJson,
  RecoveryCodesResponse,
  SessionTokenResponse,
  TwoFactorSetupResponse,
} from '@stakedesk/shared/api-types';
import type { PasswordChangeInput, TwoFactorDisableInput } from '@stakedesk/shared/schemas';
import { adminKeys } from '../core/queries/query-keys.js';
import { useAfterChange } from '../core/events/invalidation.js';
import { createPasskey } from '../core/passkeys/webauthn.js';
import { useAdminClient } from '../core/session/session.js';

// The admin's own account. Each of these forms asks for its own proof, so a step-up
// refusal is the form's to show (stepUp: false), and so is a 401 for a wrong password
// (endSessionOn401: false): a wrong current password must not end the session.
const OWN_PROOF = { stepUp: false, endSessionOn401: false } as const;

function useRefreshAccount() {
  const afterChange = useAfterChange();
  return () => afterChange({ type: 'admin.changed', entityType: 'admin' });
}

export function useTwoFactorSetup() {
  const client = useAdminClient();
  return useMutation({
    mutationFn: () => client.send<TwoFactorSetupResponse>('POST', '/api/admin/me/two-factor/setup', undefined, OWN_PROOF),
  });
}

export function useEnableTwoFactor() {
  const client = useAdminClient();
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: (code: string) => client.send<RecoveryCodesResponse>('POST', '/api/admin/me/two-factor/enable', { code }, OWN_PROOF),
    onSuccess: refresh,
  });
}

export function useDisableTwoFactor() {
  const client = useAdminClient();
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: (input: TwoFactorDisableInput) => client.send<void>('POST', '/api/admin/me/two-factor/disable', input, OWN_PROOF),
    onSuccess: refresh,
  });
}

export function useChangePassword() {
  const client = useAdminClient();
  return useMutation({ mutationFn: (input: PasswordChangeInput) => client.send<void>('POST', '/api/admin/me/password', input, OWN_PROOF) });
}

export function useSignOutEverywhere() {
  const client = useAdminClient();
  return useMutation({
    mutationFn: () => client.send<SessionTokenResponse>('POST', '/api/admin/me/sign-out-everywhere', undefined, { stepUp: false }),
  });
}

const PASSKEYS = adminKeys.route('GET /api/admin/me/passkeys');

export function usePasskeys() {
  const client = useAdminClient();
  return useQuery({ queryKey: PASSKEYS, queryFn: () => client.get<Passkey[]>('/api/admin/me/passkeys') });
}

/**
 * A new passkey: the server's registration options, the browser's new passkey, then its answer with
 * a name. Adding one is a step-up change, asked for by the dialog.
 */
export function useAddPasskey() {
  const client = useAdminClient();
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: async (name: string) => {
      const options = await client.send<PasskeyOptionsJson>('POST', '/api/admin/me/passkeys/options', undefined, { stepUp: false });
      const response = await createPasskey(options);
      return client.send<Passkey>('POST', '/api/admin/me/passkeys', { response, name });
    },
    onSuccess: () => afterChange({ type: 'security.changed', changes: ['passkey.add'] }),
  });
}

/** A new name: nothing about signing in changes, so nothing is announced. */
export function useRenamePasskey() {
  const client = useAdminClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) => client.send<Passkey>('PATCH', `/api/admin/me/passkeys/${id}`, { name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PASSKEYS }),
  });
}

/** Removing a passkey is a step-up change, asked for by the dialog. */
export function useRemovePasskey() {
  const client = useAdminClient();
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (id: number) => client.send<void>('DELETE', `/api/admin/me/passkeys/${id}`, {}),
    onSuccess: () => afterChange({ type: 'security.changed', changes: ['passkey.remove'] }),
  });
}
