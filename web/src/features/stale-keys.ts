import { useMutation, useQueryClient, type QueryKey, type UseMutationOptions } from '@tanstack/react-query';
import { useCallback } from 'react';
import { stakeKeys, withdrawalKeys } from './dashboard/api.js';
import { statsKeys } from './stats/api.js';

/** A holder's change, named as the server's event stream names it (AdminEvent's type). */
export type HolderChange = 'stake.created' | 'withdrawal.requested';

/** The holder app's one map of what each change makes stale (it has no event stream: its mutations refetch). */
export function holderStaleKeys(change: HolderChange): QueryKey[] {
  switch (change) {
    case 'stake.created':
      return [stakeKeys.all, withdrawalKeys.all, statsKeys.all];
    case 'withdrawal.requested':
      return [stakeKeys.all, withdrawalKeys.all];
  }
}

/** Refetches what `change` made stale; resolves when the refetches are done. */
export function useAfterHolderChange(): (change: HolderChange) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    async (change: HolderChange) => {
      await Promise.all(holderStaleKeys(change).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    [queryClient],
  );
}

/** What a component adds to a mutation of an api.ts: its own reaction (a toast, closing a dialog). */
export type HolderMutationCallbacks<TData, TVariables> = Pick<UseMutationOptions<TData, Error, TVariables>, 'onSuccess' | 'onError'>;

/** A mutation whose success refetches what `change` made stale, then runs the component's onSuccess. */
export function useHolderChangeMutation<TData, TVariables = void>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  change: HolderChange,
  callbacks: HolderMutationCallbacks<TData, TVariables> = {},
) {
  const afterChange = useAfterHolderChange();
  return useMutation<TData, Error, TVariables>({
    ...callbacks,
    mutationFn,
    onSuccess: async (data, variables, result, context) => {
      await afterChange(change);
      return callbacks.onSuccess?.(data, variables, result, context);
    },
  });
}
