import type { Sequelize, Transaction } from 'sequelize';
import { emitAlert } from '../alerts/emit-alert.js';
import type { AdminEvent, SecurityChange } from '@stakedesk/shared/api-types';

export const ADMIN_EVENTS_CHANNEL = 'stakedesk_admin_events';

export type PublishedEvent = Exclude<AdminEvent, { type: 'resync' }>;

/**
 * Announces a change to every server instance's admin streams. NOTIFY inside the transaction is
 * delivered only if it commits, so an event never describes a change that was rolled back.
 */
export async function publishAdminEvent(sequelize: Sequelize, transaction: Transaction, event: PublishedEvent): Promise<void> {
  await sequelize.query('SELECT pg_notify(:channel, :payload)', {
    replacements: { channel: ADMIN_EVENTS_CHANNEL, payload: JSON.stringify(event) },
    transaction,
  });
}

/**
 * Announces the changes that redirect money or power (they needed a step-up), in the transaction
 * that makes them: every other signed-in admin hears of it at once (the desktop app notifies).
 */
export async function announceSecurityChanges(
  sequelize: Sequelize,
  transaction: Transaction,
  actor: { id: number; username: string },
  changes: SecurityChange[],
): Promise<void> {
  if (changes.length === 0) return;
  await publishAdminEvent(sequelize, transaction, { type: 'security.changed', changes, adminUsername: actor.username, adminId: actor.id });
  await emitAlert(sequelize, 'settings.step_up_change', { fields: changes.join(', '), username: actor.username }, transaction);
}
