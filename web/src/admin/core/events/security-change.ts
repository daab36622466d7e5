import type { AdminEvent } from '@stakedesk/shared/api-types';
import type { Translate } from '../../../i18n/create-i18n.js';
import type { AdminMessageKey } from '../../../i18n/admin-en.js';

type SecurityEvent = Extract<AdminEvent, { type: 'security.changed' }>;

/** The announcement: who did it, and one sentence per change; or who asked for a change that waits for another owner (DESIGN 17). */
export function securityNotice(t: Translate<AdminMessageKey>, event: SecurityEvent): { title: string; body: string } {
  if (event.changeRequestId !== undefined)
    return {
      title: t('events.securityRequest', { admin: event.adminUsername }),
      body: t('events.securityRequestText', { id: event.changeRequestId }),
    };
  return {
    title: t('events.securityChange', { admin: event.adminUsername }),
    body: event.changes.map((change) => t(`events.change.${change}`)).join(' '),
  };
}

/** The admin who made the change saw it happen: only the others are told. */
export function isOwnChange(event: SecurityEvent, myId: number | undefined): boolean {
  return myId !== undefined && event.adminId === myId;
}
