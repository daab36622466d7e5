import type { Sequelize, Transaction } from 'sequelize';
import {
  FIELD_LABELS,
  GUARDED_TEXT_SETTINGS,
  isTimeLocked,
  policyBrake,
  samePolicy,
  walletChangeDelayFor,
  type FieldChange,
} from '@stakedesk/shared/change-requests';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import { approvalThresholdWeakened } from '@stakedesk/shared/withdrawal-approval';
import type { ChangeApplier, StoredChangeRequest } from '../http/four-eyes-contract.js';
import { recordAudit } from '../audit/index.js';
import { conflict, unavailable } from '../errors.js';
import { settingsTable, type Settings } from './settings.model.js';
import { storedThreshold } from './stored-settings.js';

/** A settings change split in two: what takes effect now, and what waits for another owner. */
export type SplitChange = { now: Partial<Settings>; guarded: FieldChange[] };

/**
 * With two or more owners (DESIGN 17): the staking wallet, the mint, the RPC provider, the holders'
 * endpoint, a shorter wallet-change delay, a looser automatic payout policy and a higher (or no)
 * withdrawal approval threshold wait for another owner; every other field of the same save takes effect now. Of the policy, the brake (whatever is
 * stricter: off, lower limits, a higher minimum, a longer wait) applies now and only the rest waits.
 */
export function splitForApproval(changes: Partial<Settings>, stored: Settings): SplitChange {
  const now: Partial<Settings> = { ...changes };
  const guarded: FieldChange[] = [];
  for (const field of GUARDED_TEXT_SETTINGS) {
    const to = changes[field];
    if (to === undefined || to === stored[field]) continue;
    guarded.push({ field, from: stored[field], to });
    delete now[field];
  }
  const delay = changes.walletChangeDelayHours;
  if (delay !== undefined && delay < stored.walletChangeDelayHours) {
    guarded.push({ field: 'walletChangeDelayHours', from: stored.walletChangeDelayHours, to: delay });
    delete now.walletChangeDelayHours;
  }
  if (changes.approvalThreshold !== undefined) {
    const from = storedThreshold(stored);
    const to = storedThreshold({ approvalThreshold: changes.approvalThreshold });
    if (approvalThresholdWeakened(from, to)) {
      guarded.push({ field: 'approvalThreshold', from, to });
      delete now.approvalThreshold;
    }
  }
  if (changes.autoPayout) {
    const brake = policyBrake(stored.autoPayout, changes.autoPayout);
    now.autoPayout = brake;
    if (!samePolicy(brake, changes.autoPayout)) guarded.push({ field: 'autoPayout', from: brake, to: changes.autoPayout });
  }
  return { now, guarded };
}

/** Whether the stored value is still the one the request changes from. */
function unchangedSince(settings: Settings, change: FieldChange): boolean {
  switch (change.field) {
    case 'autoPayout':
      return samePolicy(settings.autoPayout, change.from);
    case 'walletChangeDelayHours':
      return settings.walletChangeDelayHours === change.from;
    case 'approvalThreshold':
      return storedThreshold(settings) === change.from;
    case 'role':
    case 'webhook':
    case 'admin':
      return false;
    default:
      return settings[change.field] === change.from;
  }
}

/** What a settings change request writes: its values, and the new mint's profile read when it was asked. */
function written(request: StoredChangeRequest): Partial<Settings> {
  // The API's '' for no approval threshold is stored as NULL.
  const value = (change: FieldChange) => (change.field === 'approvalThreshold' ? change.to || null : change.to);
  return { ...Object.fromEntries(request.changes.map((change) => [change.field, value(change)])), ...request.effects } as Partial<Settings>;
}

/**
 * How many owners there are now, in the caller's transaction (access's ownerCount, handed over by
 * four-eyes.ts and app.ts: access imports settings).
 */
export type OwnerCount = (db: Sequelize, transaction: Transaction) => Promise<number>;

/**
 * Settings change requests take effect here (approvals/ decides when). A value that changed since
 * the request was made is never overwritten (409 changeRequestStale); a new mint still waits until
 * nothing is owed in the old one; a staking wallet or mint change waits walletChangeDelayHours.
 */
export function settingsApplier(
  db: Sequelize,
  liveStakes: (transaction: Transaction) => Promise<boolean>,
  ownerCount: OwnerCount,
): ChangeApplier {
  async function check(transaction: Transaction, request: StoredChangeRequest): Promise<{ settings: Settings; delayHours: number }> {
    const settings = await settingsTable(db).findByPk(1, { transaction, lock: transaction.LOCK.UPDATE });
    if (!settings) throw unavailable(msg('serviceUnavailable'));
    const stale = request.changes.find((change) => !unchangedSince(settings, change));
    if (stale) throw conflict(msg('changeRequestStale', { field: FIELD_LABELS[stale.field] }), { field: stale.field });
    if (request.changes.some((change) => change.field === 'tokenContract') && (await liveStakes(transaction)))
      throw conflict(msg('tokenContractLocked'), undefined, { tokenContract: msg('tokenContractLocked') });
    const timeLocked = request.changes.some((change) => isTimeLocked(change.field));
    const delayHours = timeLocked ? walletChangeDelayFor(settings.walletChangeDelayHours, await ownerCount(db, transaction)) : 0;
    return { settings, delayHours };
  }
  return {
    check: async (transaction, request) => (await check(transaction, request)).delayHours,
    async apply(transaction, request, actor) {
      const { settings } = await check(transaction, request);
      const before = settings.toJSON();
      await settings.update(written(request), { transaction });
      await recordAudit(db, transaction, actor, {
        action: 'settings.update',
        entityType: 'settings',
        entityId: 1,
        before,
        after: { ...settings.toJSON(), changeRequestId: request.id },
      });
    },
  };
}
