import type { StakingPlan } from '@stakedesk/shared/api-types';
import type { PlanInput } from '@stakedesk/shared/schemas';
import { useChangeMutation, type MutationCallbacks } from '../core/events/invalidation.js';
import type { AdminChange } from '../core/events/stale-keys.js';
import { useAdminClient } from '../core/session/session.js';

const planChanged = (): AdminChange[] => [{ type: 'admin.changed', entityType: 'plan' }];

/** Creates a plan (`plan` null, opened at once) or replaces `plan`'s terms. */
export function useSavePlan(plan: StakingPlan | null, callbacks: MutationCallbacks<StakingPlan, PlanInput> = {}) {
  const client = useAdminClient();
  return useChangeMutation(
    (input: PlanInput) =>
      plan
        ? client.send<StakingPlan>('PUT', `/api/admin/staking-plans/${plan.id}`, input)
        : client.send<StakingPlan>('POST', '/api/admin/staking-plans', { ...input, isActive: true }),
    planChanged,
    callbacks,
  );
}

export function useTogglePlan(callbacks: MutationCallbacks<unknown, StakingPlan> = {}) {
  const client = useAdminClient();
  return useChangeMutation(
    (plan: StakingPlan) => client.send('PATCH', `/api/admin/staking-plans/${plan.id}/toggle`),
    planChanged,
    callbacks,
  );
}

export function useDeletePlan(callbacks: MutationCallbacks<unknown, StakingPlan> = {}) {
  const client = useAdminClient();
  return useChangeMutation((plan: StakingPlan) => client.send('DELETE', `/api/admin/staking-plans/${plan.id}`), planChanged, callbacks);
}
