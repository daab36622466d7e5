import { useQuery } from '@tanstack/react-query';
import type { AuditPayoutHold, BooksAudit, TreasuryOutflow } from '@stakedesk/shared/api-types';
import { adminKeys } from '../core/queries/query-keys.js';
import { useChangeMutation, type MutationCallbacks } from '../core/events/invalidation.js';
import { useAdminClient } from '../core/session/session.js';

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

/** While an audit runs, its end is looked for this often; otherwise the latest is read again now and then (the daily one). */
const AUDIT_RUNNING_REFRESH_MS = 2_000;
const AUDIT_REFRESH_MS = 60_000;

/** The latest audit of the books against the chain (DESIGN 19), or null before the first. */
export function useLatestAudit() {
  const client = useAdminClient();
  return useQuery({
    queryKey: adminKeys.route('GET /api/admin/audits'),
    queryFn: async () => (await client.get<{ audit: BooksAudit | null }>('/api/admin/audits')).audit,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? AUDIT_RUNNING_REFRESH_MS : AUDIT_REFRESH_MS),
  });
}

/** An owner runs an audit now: the server answers it started, or the one already running. */
export function useRunAudit(callbacks: MutationCallbacks<{ audit: BooksAudit }, void> = {}) {
  const client = useAdminClient();
  return useChangeMutation(
    () => client.send<{ audit: BooksAudit }>('POST', '/api/admin/audits'),
    () => [{ type: 'admin.changed', entityType: 'books_audit' }],
    callbacks,
  );
}

/** Open holds on payouts the audit found on chain that the books lack (DESIGN 19). */
export function usePayoutHolds() {
  const client = useAdminClient();
  return useQuery({
    queryKey: adminKeys.route('GET /api/admin/audit-holds'),
    queryFn: () => client.get<AuditPayoutHold[]>('/api/admin/audit-holds'),
    refetchInterval: AUDIT_REFRESH_MS,
  });
}

export type HoldDismissalInput = { id: number; note: string };

/** An owner dismisses a wrong hold with a note. A step-up change: the client asks for the password. */
export function useDismissHold(callbacks: MutationCallbacks<AuditPayoutHold, HoldDismissalInput> = {}) {
  const client = useAdminClient();
  return useChangeMutation(
    ({ id, note }: HoldDismissalInput) => client.send<AuditPayoutHold>('POST', `/api/admin/audit-holds/${id}/dismiss`, { note }),
    () => [{ type: 'admin.changed', entityType: 'books_audit' }],
    callbacks,
  );
}
