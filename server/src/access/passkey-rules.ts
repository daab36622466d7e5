import type { Sequelize, Transaction } from 'sequelize';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import { conflict } from '../errors.js';
import { findSettingsRow } from '../settings/index.js';
import { adminsTable } from './admin.model.js';
import { ownersWithoutPasskey, passkeyCount } from './passkey-store.js';

/*
 * While owners are held to passkeys (settings.requirePasskeysForOwners), no owner may be without
 * one: such an owner could not sign in, and if they were the only owner nobody could turn it off.
 * Turning it on, making someone an owner and removing a passkey each check it inside their own
 * transaction, with the rows they touch locked, so two of them at once cannot both pass: turning it
 * on locks every admin row, the other two lock the admin's own.
 */

/** Read now, in the transaction: never the cached settings, for a rule that guards a lock-out. */
async function ownersHeldToPasskeys(db: Sequelize, transaction: Transaction): Promise<boolean> {
  return (await findSettingsRow(db, transaction))?.requirePasskeysForOwners === true;
}

/** For turning the requirement on: every admin row locked (id order, as admins.service.ts locks them), then the owners without one. */
export function lockedOwnersWithoutPasskey(db: Sequelize): (transaction: Transaction) => Promise<string[]> {
  return async (transaction) => {
    await adminsTable(db).findAll({ attributes: ['id'], order: [['id', 'ASC']], transaction, lock: transaction.LOCK.UPDATE });
    return ownersWithoutPasskey(db, transaction);
  };
}

/** Making `admin` an owner (their row locked by the caller): refused while owners need a passkey and they have none. */
export async function refuseOwnerWithoutPasskey(
  db: Sequelize,
  transaction: Transaction,
  admin: { id: number | null; username: string },
): Promise<void> {
  if (!(await ownersHeldToPasskeys(db, transaction))) return;
  if (admin.id === null || (await passkeyCount(db, admin.id, transaction)) === 0) {
    throw conflict(msg('ownerNeedsPasskey', { username: admin.username }));
  }
}

/** After removing one of an owner's passkeys (their row locked): refused if it was their last while owners need one. */
export async function refuseOwnerLeftWithoutPasskey(
  db: Sequelize,
  transaction: Transaction,
  admin: { id: number; role: string },
): Promise<void> {
  if (admin.role !== 'owner' || !(await ownersHeldToPasskeys(db, transaction))) return;
  if ((await passkeyCount(db, admin.id, transaction)) === 0) throw conflict(msg('lastOwnerPasskey'));
}
