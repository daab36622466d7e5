import { useMutation } from '@tanstack/react-query';
import type { RecoveryCodesResponse, SessionTokenResponse, TwoFactorSetupResponse } from '@stakedesk/shared/api-types';
import type { PasswordChangeInput, TwoFactorDisableInput } from '@stakedesk/shared/schemas';
import { useAfterChange } from '../events/invalidation.js';
import { useAdminClient } from '../session/session.js';

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
