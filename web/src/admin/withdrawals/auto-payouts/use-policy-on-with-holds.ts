import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAutoPayouts } from '../../core/queries/queries.js';
import { adminKeys } from '../../core/queries/query-keys.js';

/**
 * Whether the policy is on; while it is, each round the status reports refetches the withdrawals:
 * a round notes why it left a withdrawal to an operator without announcing it.
 */
export function usePolicyOnWithHolds(): boolean {
  const queryClient = useQueryClient();
  const { data: status } = useAutoPayouts();
  const on = status?.policy.enabled ?? false;
  const checkedAt = status?.checkedAt;
  useEffect(() => {
    if (on && checkedAt) void queryClient.invalidateQueries({ queryKey: adminKeys.withdrawals });
  }, [on, checkedAt, queryClient]);
  return on;
}
