import type { QueryKey } from '@tanstack/react-query';
import type { AdminEvent, SecurityChange } from '@stakedesk/shared/api-types';
import type { Translate } from '../../i18n/create-i18n.js';
import type { AdminMessageKey } from '../../i18n/admin-en.js';
import { adminKeys } from '../api/query-keys.js';

type SecurityEvent = Extract<AdminEvent, { type: 'security.changed' }>;

/** What a change that needed a step-up makes stale. */
export function securityStaleKeys(changes: readonly SecurityChange[]): QueryKey[] {
  const keys = new Map<string, QueryKey>([[JSON.stringify(adminKeys.audit), adminKeys.audit]]);
  const add = (key: QueryKey) => keys.set(JSON.stringify(key), key);
  for (const change of changes) {
    if (change.startsWith('settings.')) {
      add(adminKeys.settings);
      // A new wallet or contract changes what the treasury holds and owes.
      add(adminKeys.treasury);
      add(adminKeys.reconciliation);
    } else {
      add(adminKeys.admins);
      add(adminKeys.me);
    }
  }
  return [...keys.values()];
}

/** The announcement: who did it, and one sentence per change. */
export function securityNotice(t: Translate<AdminMessageKey>, event: SecurityEvent): { title: string; body: string } {
  return {
    title: t('events.securityChange', { admin: event.adminUsername }),
    body: event.changes.map((change) => t(`events.change.${change}`)).join(' '),
  };
}

/** The admin who made the change saw it happen: only the others are told. */
export function isOwnChange(event: SecurityEvent, myId: number | undefined): boolean {
  return myId !== undefined && event.adminId === myId;
}
