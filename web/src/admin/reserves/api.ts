import { useQuery } from '@tanstack/react-query';
import type { AdminReservesSnapshot } from '@stakedesk/shared/api-types';
import type { ReservesSnapshot } from '@stakedesk/shared/reserves/snapshot';
import { adminKeys } from '../core/queries/query-keys.js';
import { useChangeMutation, type MutationCallbacks } from '../core/events/invalidation.js';
import type { AdminChange } from '../core/events/stale-keys.js';
import { useAdminClient } from '../core/session/session.js';

export const RESERVES_CHANGED: AdminChange[] = [{ type: 'admin.changed', entityType: 'reserves_snapshot' }];

/** The latest snapshots, newest first, each with where its anchor stands; read again while an anchor is on its way. */
export function useReservesSnapshots() {
  const client = useAdminClient();
  return useQuery({
    queryKey: adminKeys.reserves,
    queryFn: () => client.get<AdminReservesSnapshot[]>('/api/admin/reserves/snapshots'),
    refetchInterval: (query) => (query.state.data?.some((snapshot) => snapshot.anchor?.status === 'sent') ? 5_000 : false),
  });
}

/** "Take snapshot": the server counts every liability and reads the reserves at one slot (owner). */
export function useTakeSnapshot(callbacks: MutationCallbacks<ReservesSnapshot, void> = {}) {
  const client = useAdminClient();
  return useChangeMutation(
    () => client.send<ReservesSnapshot>('POST', '/api/admin/reserves/snapshots'),
    () => RESERVES_CHANGED,
    callbacks,
  );
}
