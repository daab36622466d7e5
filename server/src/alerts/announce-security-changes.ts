import type { Sequelize, Transaction } from 'sequelize';
import type { SecurityChange } from '@stakedesk/shared/api-types';
import { publishAdminEvent } from '../events/publish.js';
import { emitAlert } from './emit-alert.js';

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
