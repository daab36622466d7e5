import { useQueryClient } from '@tanstack/react-query';
import type { AdminSettings, ChangeRequest, SettingsChangeAccepted } from '@stakedesk/shared/api-types';
import { holderRpcEndpoint } from '@stakedesk/shared/holder-rpc';
import type { SettingsInput } from '@stakedesk/shared/schemas';
import { adminKeys } from '../queries/query-keys.js';
import { policyChanges } from './policy-changes.js';
import { useChangeMutation, type MutationCallbacks } from '../events/invalidation.js';
import { useAdminI18n } from '../../i18n.js';
import { askedFor } from '../change-requests/asked.js';
import { useAdminClient } from '../session/session.js';
import type { StepUpChange } from '../api/step-up.js';

/** The fields (besides the automatic payout policy) whose change the server confirms with a step-up and whose old and new values the dialog shows. */
const SHOWN_IN_STEP_UP = [
  ['stakingWallet', 'settings.stakingWallet'],
  ['tokenContract', 'settings.tokenContract'],
  ['heliusRpcUrl', 'server.fieldHeliusRpcUrl'],
  ['holderRpcUrl', 'settings.holderRpcUrl'],
  ['approvalThreshold', 'server.fieldApprovalThreshold'],
] as const;

/**
 * What a save did: the settings as saved, shown at once, and, with two or more owners, the change
 * request for what waits for another owner's approval (DESIGN 17; the server's 202).
 */
export type SettingsSaved = { settings: AdminSettings; changeRequest: ChangeRequest | null };

/** Saves the platform settings. */
export function useSaveSettings(callbacks: MutationCallbacks<SettingsSaved, SettingsInput> = {}) {
  const client = useAdminClient();
  const queryClient = useQueryClient();
  const { t } = useAdminI18n();
  const changesFrom = (input: SettingsInput): StepUpChange[] => {
    const saved = queryClient.getQueryData<AdminSettings>(adminKeys.settings);
    if (!saved) return [];
    // A blank holders' endpoint is the cluster's public one: the dialog names it.
    const shown = (field: (typeof SHOWN_IN_STEP_UP)[number][0], value: string | undefined) =>
      value || (field === 'holderRpcUrl' ? holderRpcEndpoint('', saved.solanaCluster) : t('stepUp.none'));
    // A field left out of the request is kept as it is (the automatic payouts' card sends only its policy).
    const changed = (field: (typeof SHOWN_IN_STEP_UP)[number][0]) => input[field] !== undefined && input[field] !== (saved[field] ?? '');
    const fields = SHOWN_IN_STEP_UP.filter(([field]) => changed(field)).map(([field, label]) => ({
      label: t(label),
      from: shown(field, saved[field]),
      to: shown(field, input[field]),
    }));
    return [...fields, ...policyChanges(saved.autoPayout, input.autoPayout, t)];
  };
  const save = async (input: SettingsInput): Promise<SettingsSaved> => {
    const answer = await client.send<AdminSettings | SettingsChangeAccepted>('PUT', '/api/admin/settings', input, {
      stepUpChanges: changesFrom(input),
    });
    const changeRequest = askedFor(answer);
    return { settings: changeRequest ? (answer as SettingsChangeAccepted).settings : (answer as AdminSettings), changeRequest };
  };
  return useChangeMutation(
    save,
    ({ changeRequest }) => [
      { type: 'admin.changed', entityType: 'settings' },
      ...(changeRequest ? [{ type: 'admin.changed', entityType: 'change_request' } as const] : []),
    ],
    {
      ...callbacks,
      onSuccess: (saved, ...rest) => {
        queryClient.setQueryData(adminKeys.settings, saved.settings);
        return callbacks.onSuccess?.(saved, ...rest);
      },
    },
  );
}
