import type { Passkey, PasskeyOptionsJson } from '@stakedesk/shared/api-types';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import type { PasskeyRegisterInput } from '@stakedesk/shared/schemas';
import { announceSecurityChanges } from '../alerts/index.js';
import { recordAudit } from '../audit/index.js';
import type { Dependencies } from '../dependencies.js';
import { badRequest, conflict, notFound } from '../errors.js';
import {
  answerOptions,
  deletePasskey,
  listPasskeys,
  refuseOwnerLeftWithoutPasskey,
  registrationOptions,
  renamePasskey,
  storePasskey,
  verifyNewPasskey,
  type RelyingParty,
} from '../access/index.js';
import type { StepUp } from '../http/step-up-contract.js';
import type { SignedInAdmin } from '../http/signed-in-admin.js';
import { lockSelf } from './account.service.js';

/*
 * The signed-in admin's passkeys (DESIGN 17). Adding one and removing one are step-up changes,
 * audited and announced like turning two-factor off: a passkey added by whoever holds a stolen
 * session would be theirs to sign in with for good, and removing one can leave an owner locked out.
 */

export function passkeysOf(deps: Dependencies, actor: SignedInAdmin): Promise<Passkey[]> {
  return listPasskeys(deps.database, actor.id);
}

/** POST /api/admin/me/passkeys/options: a new passkey's registration options, their challenge kept. */
export function newPasskeyOptions(deps: Dependencies, rp: RelyingParty, actor: SignedInAdmin): Promise<PasskeyOptionsJson> {
  return registrationOptions(deps.database, rp, actor);
}

/** POST /api/admin/me/passkeys/step-up-options: options for a step-up answered by one of the admin's passkeys. */
export async function stepUpOptions(deps: Dependencies, rp: RelyingParty, actor: SignedInAdmin): Promise<PasskeyOptionsJson> {
  const options = await answerOptions(deps.database, rp, actor.id, 'step-up');
  if (!options) throw conflict(msg('passkeyNotFound'));
  return options;
}

/** POST /api/admin/me/passkeys: the new passkey's answer, checked against the options issued to this admin, stored with its name. */
export async function addPasskey(
  deps: Dependencies,
  rp: RelyingParty,
  actor: SignedInAdmin,
  input: PasskeyRegisterInput,
  stepUp: StepUp,
): Promise<Passkey> {
  const confirm = await stepUp();
  return deps.database.transaction(async (transaction) => {
    const admin = await lockSelf(deps.database, transaction, actor);
    await confirm(transaction);
    const verified = await verifyNewPasskey(deps.database, rp, admin.id, input.response);
    if ('refused' in verified) throw badRequest(verified.refused, { response: verified.refused });
    const passkey = await storePasskey(deps.database, transaction, admin.id, { name: input.name, ...verified });
    if (!passkey) throw conflict(msg('passkeyAlreadyAdded'));
    await recordAudit(deps.database, transaction, actor, {
      action: 'admin.passkey_add',
      entityType: 'passkey',
      entityId: passkey.id,
      after: { username: admin.username, name: passkey.name },
    });
    await announceSecurityChanges(deps.database, transaction, actor, ['passkey.add']);
    return passkey;
  });
}

/** PATCH /api/admin/me/passkeys/{id}: a new name; nothing about signing in changes (so no step-up, no audit). */
export async function renameOwnPasskey(deps: Dependencies, actor: SignedInAdmin, id: number, name: string): Promise<Passkey> {
  const passkey = await renamePasskey(deps.database, actor.id, id, name);
  if (!passkey) throw notFound(msg('passkeyNotFound'));
  return passkey;
}

/**
 * DELETE /api/admin/me/passkeys/{id}: with a step-up; an owner's last one is kept while owners need
 * one. A passkey that is not the admin's own is 404 before any step-up is asked for (or spent).
 */
export async function removePasskey(deps: Dependencies, actor: SignedInAdmin, id: number, stepUp: StepUp): Promise<void> {
  if (!(await listPasskeys(deps.database, actor.id)).some((passkey) => passkey.id === id)) throw notFound(msg('passkeyNotFound'));
  const confirm = await stepUp();
  await deps.database.transaction(async (transaction) => {
    const admin = await lockSelf(deps.database, transaction, actor);
    await confirm(transaction);
    const removed = await deletePasskey(deps.database, transaction, admin.id, id);
    if (!removed) throw notFound(msg('passkeyNotFound'));
    await refuseOwnerLeftWithoutPasskey(deps.database, transaction, admin);
    await recordAudit(deps.database, transaction, actor, {
      action: 'admin.passkey_remove',
      entityType: 'passkey',
      entityId: removed.id,
      before: { username: admin.username, name: removed.name },
    });
    await announceSecurityChanges(deps.database, transaction, actor, ['passkey.remove']);
  });
}
