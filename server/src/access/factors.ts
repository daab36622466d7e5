import type { Sequelize } from 'sequelize';
import { loadSettings } from '../settings/index.js';
import type { Admin } from './admin.model.js';
import { passkeyCount } from './passkey-store.js';

/**
 * What an admin proves themselves with beyond the password: a TOTP authenticator, passkeys, and
 * whether only a passkey will do (settings.requirePasskeysForOwners, for an owner: DESIGN 17).
 */
export type Factors = { totp: boolean; passkeys: number; passkeyOnly: boolean };

export async function factorsOf(db: Sequelize, admin: Admin): Promise<Factors> {
  const passkeys = await passkeyCount(db, admin.id);
  // An owner without a passkey while they are required (which the server never lets happen) is
  // held to it all the same: a requirement that gave way would be no defence.
  const passkeyOnly = admin.role === 'owner' && (await loadSettings(db)).requirePasskeysForOwners;
  return { totp: admin.twoFactorEnabled, passkeys, passkeyOnly };
}

export const hasSecondFactor = (factors: Factors) => factors.totp || factors.passkeys > 0 || factors.passkeyOnly;
