import type { Withdrawal } from '@stakedesk/shared/api-types';
import { useChangeMutation, type MutationCallbacks } from '../events/invalidation.js';
import { useAdminClient } from '../session/session.js';

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
