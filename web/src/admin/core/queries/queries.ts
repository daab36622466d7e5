import { useQuery } from '@tanstack/react-query';
import type {
  Admin,
  AdminMe,
  AdminSettings,
  AdminStats,
  AdminWithdrawal,
  AuditLogEntry,
  AutoPayoutStatus,
  BackgroundJobs,
  Stake,
  StakingPlan,
  TreasuryCoverage,
  UnrecordedDeposit,
} from '@stakedesk/shared/api-types';
import { useAdminClient } from '../session/session.js';
import type { ListParams } from '../api/admin-client.js';
import { adminKeys } from './query-keys.js';

/** The signed-in admin: its role decides which controls the panel offers. */
export function useAdminMe() {
  const client = useAdminClient();
  return useQuery({ queryKey: adminKeys.me, queryFn: () => client.get<AdminMe>('/api/admin/me') });
}

export function useAdminStats() {
  const client = useAdminClient();
  return useQuery({ queryKey: adminKeys.stats, queryFn: () => client.get<AdminStats>('/api/admin/stats') });
}

export function useAdminSettings() {
  const client = useAdminClient();
  return useQuery({ queryKey: adminKeys.settings, queryFn: () => client.get<AdminSettings>('/api/admin/settings') });
}

export function useAdminPlans() {
  const client = useAdminClient();
  return useQuery({ queryKey: adminKeys.plans, queryFn: () => client.page<StakingPlan>('/api/admin/staking-plans', { limit: 1000 }) });
}

export function useAdminStakes(params: ListParams) {
  const client = useAdminClient();
  return useQuery({
    queryKey: adminKeys.stakesPage(params),
    queryFn: () => client.page<Stake>('/api/admin/stakes', params),
    placeholderData: (previous) => previous,
  });
}

export function useAdminWithdrawals(params: ListParams) {
  const client = useAdminClient();
  return useQuery({
    queryKey: adminKeys.withdrawalsPage(params),
    queryFn: () => client.page<AdminWithdrawal>('/api/admin/withdrawals', params),
    placeholderData: (previous) => previous,
  });
}

export function useAdmins() {
  const client = useAdminClient();
  return useQuery({ queryKey: adminKeys.admins, queryFn: () => client.page<Admin>('/api/admin/admins', { limit: 1000 }) });
}

export function useAuditLog(params: ListParams) {
  const client = useAdminClient();
  return useQuery({
    queryKey: adminKeys.auditPage(params),
    queryFn: () => client.page<AuditLogEntry>('/api/admin/audit-log', params),
    placeholderData: (previous) => previous,
  });
}

export function useReconciliation(limit: number) {
  const client = useAdminClient();
  return useQuery({
    queryKey: adminKeys.reconciliationPage(limit),
    queryFn: () => client.get<UnrecordedDeposit[]>(`/api/admin/reconciliation?limit=${limit}`),
  });
}

/** Refreshed every minute too: the wallet's balance changes on chain without any event here. */
export function useTreasury() {
  const client = useAdminClient();
  return useQuery({
    queryKey: adminKeys.treasury,
    queryFn: () => client.get<TreasuryCoverage>('/api/admin/treasury'),
    refetchInterval: 60_000,
  });
}

/** A round announces what it changed (autoPayouts.changed); refreshed as often as rounds run too, for when the last one looked. */
export function useAutoPayouts() {
  const client = useAdminClient();
  return useQuery({
    queryKey: adminKeys.autoPayouts,
    queryFn: () => client.get<AutoPayoutStatus>('/api/admin/auto-payouts'),
    refetchInterval: 20_000,
  });
}

/** Background jobs that failed in the last 24 hours: no event announces a failed round, so it is asked for every minute. */
export function useBackgroundJobs() {
  const client = useAdminClient();
  return useQuery({
    queryKey: adminKeys.jobs,
    queryFn: () => client.get<BackgroundJobs>('/api/admin/jobs'),
    refetchInterval: 60_000,
  });
}
