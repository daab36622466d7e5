import type { Withdrawal } from '@stakedesk/shared/api-types';
import type { ReviewResolution } from '@stakedesk/shared/stake-status';
import { useChangeMutation, type MutationCallbacks } from '../core/events/invalidation.js';
import { useAdminClient } from '../core/session/session.js';

export type WithdrawalDecision = { status: 'completed'; txId: string } | { status: 'rejected'; reason: string };

/** Completes a pending withdrawal with its payout's transaction id (checked on chain), or rejects it with a reason. */
export function useProcessWithdrawal(
  callbacks: MutationCallbacks<Withdrawal, { withdrawal: Withdrawal; decision: WithdrawalDecision }> = {},
) {
  const client = useAdminClient();
  return useChangeMutation(
    ({ withdrawal, decision }: { withdrawal: Withdrawal; decision: WithdrawalDecision }) =>
      client.send<Withdrawal>('PUT', `/api/admin/withdrawals/${withdrawal.id}`, decision),
    () => [{ type: 'admin.changed', entityType: 'withdrawal' }],
    callbacks,
  );
}

export type ReviewDecision = { action: ReviewResolution; note: string };

/**
 * An owner's decision on a withdrawal whose payout landed but did not pay it as owed: paid after
 * all, or released to be paid again. A step-up change: the client asks for the password.
 */
export function useResolveWithdrawal(callbacks: MutationCallbacks<Withdrawal, { withdrawal: Withdrawal; decision: ReviewDecision }> = {}) {
  const client = useAdminClient();
  return useChangeMutation(
    ({ withdrawal, decision }: { withdrawal: Withdrawal; decision: ReviewDecision }) =>
      client.send<Withdrawal>('POST', `/api/admin/withdrawals/${withdrawal.id}/resolve`, decision),
    () => [{ type: 'admin.changed', entityType: 'withdrawal' }],
    callbacks,
  );
}

/** Approves a withdrawal at or above the approval threshold for payment by another admin (DESIGN 17). */
export function useApproveWithdrawal(callbacks: MutationCallbacks<Withdrawal, Withdrawal> = {}) {
  const client = useAdminClient();
  return useChangeMutation(
    (withdrawal: Withdrawal) => client.send<Withdrawal>('POST', `/api/admin/withdrawals/${withdrawal.id}/approve`),
    () => [{ type: 'admin.changed', entityType: 'withdrawal' }],
    callbacks,
  );
}
