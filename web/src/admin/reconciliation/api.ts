import { useQuery } from '@tanstack/react-query';
import type { TreasuryOutflow } from '@stakedesk/shared/api-types';
import { adminKeys } from '../api/query-keys.js';
import { useChangeMutation, type MutationCallbacks } from '../events/invalidation.js';
import { useAdminClient } from '../session/session.js';

/** The server records an outflow by itself, as its follower reads the chain (no admin event): looked at again this often. */
const OUTFLOWS_REFRESH_MS = 15_000;

/** Outflows of the treasury that the books did not explain when the server saw them (DESIGN 15). */
export function useOutflows() {
  const client = useAdminClient();
  return useQuery({
    queryKey: adminKeys.route('GET /api/admin/outflows'),
    queryFn: () => client.get<TreasuryOutflow[]>('/api/admin/outflows'),
    refetchInterval: OUTFLOWS_REFRESH_MS,
  });
}

export type OutflowExplanationInput = { signature: string; note: string };

/** An owner marks an outflow explained with a note. A step-up change: the client asks for the password. */
export function useExplainOutflow(callbacks: MutationCallbacks<TreasuryOutflow[], OutflowExplanationInput> = {}) {
  const client = useAdminClient();
  return useChangeMutation(
    ({ signature, note }: OutflowExplanationInput) =>
      client.send<TreasuryOutflow[]>('POST', `/api/admin/outflows/${encodeURIComponent(signature)}/explain`, { note }),
    () => [{ type: 'admin.changed', entityType: 'outflow' }],
    callbacks,
  );
}
