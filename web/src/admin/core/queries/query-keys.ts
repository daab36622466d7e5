import type { AdminRoute } from '@stakedesk/shared/admin-routes';

/**
 * Query keys: everything under 'admin', so a logout or a resync can drop or refetch it all. A list
 * asked for a page at a time is keyed by its page below its own key, which refetches every page.
 */
export const adminKeys = {
  all: ['admin'] as const,
  /** A read's key from its route in shared/src/admin-routes.ts, so a new read needs no key of its own here. */
  route: (route: Extract<AdminRoute, `GET ${string}`>, ...params: unknown[]) => ['admin', route, ...params] as const,
  me: ['admin', 'me'] as const,
  stats: ['admin', 'stats'] as const,
  settings: ['admin', 'settings'] as const,
  plans: ['admin', 'plans'] as const,
  stakes: ['admin', 'stakes'] as const,
  withdrawals: ['admin', 'withdrawals'] as const,
  admins: ['admin', 'admins'] as const,
  audit: ['admin', 'audit'] as const,
  reconciliation: ['admin', 'reconciliation'] as const,
  treasury: ['admin', 'treasury'] as const,
  webhooks: ['admin', 'webhooks'] as const,
  webhookDeliveries: (webhookId: number) => ['admin', 'webhooks', webhookId, 'deliveries'] as const,
  autoPayouts: ['admin', 'autoPayouts'] as const,
  jobs: ['admin', 'jobs'] as const,
  reserves: ['admin', 'reserves'] as const,
  stakesPage: (params: object) => ['admin', 'stakes', params] as const,
  withdrawalsPage: (params: object) => ['admin', 'withdrawals', params] as const,
  auditPage: (params: object) => ['admin', 'audit', params] as const,
  reconciliationPage: (limit: number) => ['admin', 'reconciliation', limit] as const,
};
