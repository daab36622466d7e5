import type { Sequelize, Transaction } from 'sequelize';
import type { SecurityChange } from '@stakedesk/shared/api-types';
import { publishAdminEvent } from '../events/publish.js';
import { emitAlert } from './emit-alert.js';

type StepUpActor = { id: number; username: string };

/**
 * Announces the changes that redirect money or power (they needed a step-up), in the transaction
 * that makes them: every other signed-in admin hears of it at once (the desktop app notifies).
 * With `changeRequestId` they were only asked for: they wait for another owner's approval (DESIGN 17).
 */
export async function announceSecurityChanges(
  db: Sequelize,
  transaction: Transaction,
  actor: StepUpActor,
  changes: SecurityChange[],
  changeRequestId?: number,
): Promise<void> {
  if (changes.length === 0) return;
  await publishAdminEvent(db, transaction, {
    type: 'security.changed',
    changes,
    adminUsername: actor.username,
    adminId: actor.id,
    ...(changeRequestId !== undefined && { changeRequestId }),
  });
  await alertStepUpChanges(db, transaction, actor, changes, changeRequestId);
}

/** settings.step_up_change alone: a step-up confirmed a change that is not in effect yet (an approved wallet change waiting for its time). */
export async function alertStepUpChanges(
  db: Sequelize,
  transaction: Transaction,
  actor: StepUpActor,
  changes: SecurityChange[],
  changeRequestId?: number,
): Promise<void> {
  if (changes.length === 0) return;
  const data = { fields: changes.join(', '), username: actor.username, ...(changeRequestId !== undefined && { changeRequestId }) };
  await emitAlert(db, 'settings.step_up_change', data, transaction);
}
