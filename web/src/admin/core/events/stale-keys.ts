import type { QueryKey } from '@tanstack/react-query';
import type { SecurityChange } from '@stakedesk/shared/api-types';
import { adminKeys } from '../queries/query-keys.js';

/**
 * A change, named as the event stream names it (AdminEvent): what the panel needs of an event to
 * know what it made stale. A mutation names the events its request makes the server announce.
 */
export type AdminChange =
  | { type: 'stake.created' | 'withdrawal.requested' | 'stakes.expired' | 'autoPayouts.changed' | 'resync' }
  | { type: 'admin.changed'; entityType: string }
  | { type: 'security.changed'; changes: readonly SecurityChange[] };

/** The entities of admin.changed (the audit's entityType) and what a change of each makes stale. */
const BY_ENTITY: Record<string, QueryKey[]> = {
  withdrawal: [adminKeys.withdrawals, adminKeys.stakes, adminKeys.stats, adminKeys.treasury, adminKeys.autoPayouts],
  // A payout that ends under review takes its tokens out of what the treasury counts as owed.
  payout: [adminKeys.withdrawals, adminKeys.treasury, adminKeys.autoPayouts],
  stake: [adminKeys.stakes, adminKeys.stats],
  plan: [adminKeys.plans, adminKeys.stats],
  settings: [adminKeys.settings, adminKeys.treasury, adminKeys.autoPayouts],
  // The signed-in admin may be the one changed (its role, its two-factor).
  admin: [adminKeys.admins, adminKeys.me],
  // Under it, every webhook's delivery log: a deleted webhook's goes with it.
  webhook: [adminKeys.webhooks],
  reserves_snapshot: [adminKeys.reserves],
  // A change request asked for, decided or taking effect (what it changes is announced as its own entity).
  change_request: [adminKeys.route('GET /api/admin/change-requests')],
  // An explained outflow may let automatic payouts resume.
  outflow: [adminKeys.route('GET /api/admin/outflows'), adminKeys.autoPayouts],
  // An audit of the books against the chain started, or a hold it put on a payout dismissed (DESIGN 19):
  // that holder's withdrawals may be paid again.
  books_audit: [adminKeys.route('GET /api/admin/audits'), adminKeys.route('GET /api/admin/audit-holds'), adminKeys.withdrawals],
};

/** The one map of what each change makes stale: the event stream and the mutations both use it. */
export function staleKeys(change: AdminChange): QueryKey[] {
  switch (change.type) {
    case 'stake.created':
      return [adminKeys.stakes, adminKeys.stats, adminKeys.reconciliation, adminKeys.treasury];
    case 'withdrawal.requested':
      return [adminKeys.withdrawals, adminKeys.stakes, adminKeys.stats, adminKeys.treasury];
    case 'stakes.expired':
      return [adminKeys.stakes, adminKeys.stats, adminKeys.treasury];
    // The hot wallet's balance counts in the treasury; a withdrawal's row says why it is left to an operator.
    case 'autoPayouts.changed':
      return [adminKeys.autoPayouts, adminKeys.withdrawals, adminKeys.treasury];
    case 'admin.changed':
      return [...(BY_ENTITY[change.entityType] ?? []), adminKeys.audit];
    case 'security.changed':
      return securityStaleKeys(change.changes);
    case 'resync':
      return [adminKeys.all];
  }
}

/** What a change that needed a step-up makes stale. */
function securityStaleKeys(changes: readonly SecurityChange[]): QueryKey[] {
  const keys = new Map<string, QueryKey>([[JSON.stringify(adminKeys.audit), adminKeys.audit]]);
  const add = (key: QueryKey) => keys.set(JSON.stringify(key), key);
  for (const change of changes) {
    if (change.startsWith('settings.')) {
      add(adminKeys.settings);
      // A new wallet or contract changes what the treasury holds and owes.
      add(adminKeys.treasury);
      add(adminKeys.reconciliation);
      add(adminKeys.autoPayouts);
    } else {
      add(adminKeys.admins);
      add(adminKeys.me);
      if (change.startsWith('passkey.')) add(adminKeys.route('GET /api/admin/me/passkeys'));
    }
  }
  return [...keys.values()];
}
