import type { Sequelize, Transaction } from 'sequelize';
import type { AdminEvent } from '@stakedesk/shared/api-types';

export const ADMIN_EVENTS_CHANNEL = 'stakedesk_admin_events';

export type PublishedEvent = Exclude<AdminEvent, { type: 'resync' }>;

/**
 * Announces a change to every server instance's admin streams. NOTIFY inside the transaction is
 * delivered only if it commits, so an event never describes a change that was rolled back.
 */
export async function publishAdminEvent(db: Sequelize, transaction: Transaction, event: PublishedEvent): Promise<void> {
  await db.query('SELECT pg_notify(:channel, :payload)', {
    replacements: { channel: ADMIN_EVENTS_CHANNEL, payload: JSON.stringify(event) },
    transaction,
  });
}
