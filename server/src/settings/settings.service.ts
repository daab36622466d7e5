import { type Sequelize, type Transaction } from 'sequelize';
import type { ChangeRequest, SecurityChange } from '@stakedesk/shared/api-types';
import { OWNERS_FOR_APPROVALS, walletChangeDelayAllowed } from '@stakedesk/shared/change-requests';
import { policyChangeNeedsStepUp } from '@stakedesk/shared/auto-payout';
import { approvalThresholdWeakened } from '@stakedesk/shared/withdrawal-approval';
import { DEFAULT_MAINTENANCE_MESSAGE, DEFAULT_MAINTENANCE_TIME } from '@stakedesk/shared/constants';
import { msg, type CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import type { SettingsInput } from '@stakedesk/shared/schemas';
import { stepUpRequired, type StepUp } from '../http/step-up-contract.js';
import { requestChange } from '../approvals/index.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { ChainUnavailableError, type MintState, type PayoutChain } from '../chain/chain.js';
import { mintRefusal } from '../chain/mint-profile.js';
import type { RpcUpstream } from '../chain/rpc-upstream.js';
import { announceSecurityChanges } from '../alerts/index.js';
import { badRequest, conflict, unavailable } from '../errors.js';
import { maskRpcUrl, maskSecret } from '../url-secrets.js';
import { splitForApproval, type OwnerCount } from './settings-change-requests.js';
import { settingsTable, type Settings } from './settings.model.js';
import { storedMintProfile, storedThreshold } from './stored-settings.js';

/**
 * A new token contract is read from the chain before anything is locked (DESIGN 12): it must be a
 * mint of either token program with no extension that breaks custody; what it is gets saved with it.
 */
async function readNewMint(chain: Pick<PayoutChain, 'mint'>, address: string): Promise<MintState> {
  let mint: MintState | null;
  try {
    mint = await chain.mint(address);
  } catch (error) {
    if (error instanceof ChainUnavailableError) throw unavailable(msg('mintNotReadRetry', { reason: error.reason }), { retryable: true });
    throw error;
  }
  if (!mint) throw badRequest(msg('tokenContractNotMint'), { tokenContract: msg('tokenContractNotMint') });
  const refusal = mintRefusal(mint);
  if (refusal) throw badRequest(refusal, { tokenContract: refusal });
  return mint;
}

/** What the form sent, as a change: absent fields keep their stored value (PUT is a partial update). */
function changesFrom(input: SettingsInput, stored: Settings): Partial<Settings> {
  // The step-up proof is not a setting.
  const {
    heliusApiKey,
    removeHeliusApiKey,
    heliusRpcUrl,
    tokenLogo,
    maintenanceMessage,
    maintenanceEstimatedTime,
    approvalThreshold,
    currentPassword: _p,
    code: _c,
    passkeyResponse: _k,
    ...rest
  } = input;
  const changes: Record<string, unknown> = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
  if (tokenLogo !== undefined) changes.tokenLogo = tokenLogo || null;
  // The panel only ever sees the key masked: blank or the mask sent back means "keep it".
  if (heliusApiKey && heliusApiKey !== maskSecret(stored.heliusApiKey)) changes.heliusApiKey = heliusApiKey;
  else if (removeHeliusApiKey) changes.heliusApiKey = '';
  if (heliusRpcUrl !== undefined && heliusRpcUrl !== maskRpcUrl(stored.heliusRpcUrl)) changes.heliusRpcUrl = heliusRpcUrl;
  if (maintenanceMessage !== undefined) changes.maintenanceMessage = maintenanceMessage || DEFAULT_MAINTENANCE_MESSAGE;
  if (maintenanceEstimatedTime !== undefined) changes.maintenanceEstimatedTime = maintenanceEstimatedTime || DEFAULT_MAINTENANCE_TIME;
  if (approvalThreshold !== undefined) changes.approvalThreshold = approvalThreshold || null;
  return changes as Partial<Settings>;
}

/**
 * The changes that redirect money or power: they need a step-up and are announced.
 * A field sent back as it is stored is no change (the panel sends the whole form).
 */
function securityChangesOf(changes: Partial<Settings>, stored: Settings): SecurityChange[] {
  const changed = (key: 'stakingWallet' | 'tokenContract' | 'heliusRpcUrl' | 'heliusApiKey' | 'holderRpcUrl') =>
    changes[key] !== undefined && changes[key] !== stored[key];
  const list: SecurityChange[] = [];
  if (changed('stakingWallet')) list.push('settings.stakingWallet');
  if (changed('tokenContract')) list.push('settings.tokenContract');
  if (changed('heliusRpcUrl') || changed('heliusApiKey')) list.push('settings.rpcProvider');
  // Whoever runs the holders' endpoint could show them a chain of their own: as protected as the wallet.
  if (changed('holderRpcUrl')) list.push('settings.holderRpcUrl');
  if (stored.requireTwoFactor && changes.requireTwoFactor === false) list.push('settings.requireTwoFactorOff');
  if (stored.requirePasskeysForOwners && changes.requirePasskeysForOwners === false) list.push('settings.requirePasskeysForOwnersOff');
  if (changes.autoPayout && policyChangeNeedsStepUp(stored.autoPayout, changes.autoPayout)) list.push('settings.autoPayout');
  if (changes.approvalThreshold !== undefined && approvalThresholdWeakened(storedThreshold(stored), changes.approvalThreshold ?? '')) {
    list.push('settings.approvalThreshold');
  }
  // A shorter wait before a new wallet takes effect weakens the time lock (DESIGN 17).
  if (changes.walletChangeDelayHours !== undefined && changes.walletChangeDelayHours < stored.walletChangeDelayHours)
    list.push('settings.walletChangeDelayHours');
  return list;
}

/**
 * A stake is owed in the mint it was deposited in, so the mint may change only when nothing is
 * owed. Deposits hold the settings row FOR SHARE while they record, so one in flight is waited
 * for and then seen here.
 */
async function requireNoLiveStakes(liveStakes: LiveStakes, transaction: Transaction): Promise<void> {
  if (await liveStakes(transaction)) throw conflict(msg('tokenContractLocked'), undefined, { tokenContract: msg('tokenContractLocked') });
}

/** Whether any stake is still owed (not yet paid out or restaked), read inside the caller's transaction (stakes/live-stakes.ts). */
export type LiveStakes = (transaction: Transaction) => Promise<boolean>;

/**
 * The owners who have no passkey, read inside the caller's transaction once every admin row is
 * locked (access/passkey-rules.ts), so that no owner is added or loses a last passkey meanwhile.
 */
export type OwnersWithoutPasskey = (transaction: Transaction) => Promise<string[]>;

/**
 * Passkeys may be required of owners only while every owner has one (DESIGN 17): turning it on
 * otherwise would lock that owner out, the only owner perhaps.
 */
async function requireOwnersWithPasskeys(ownersWithoutPasskey: OwnersWithoutPasskey, transaction: Transaction): Promise<void> {
  const without = await ownersWithoutPasskey(transaction);
  if (without.length === 0) return;
  const message = msg('ownersNeedPasskeys', { usernames: without.join(', ') });
  throw conflict(message, undefined, { requirePasskeysForOwners: message });
}

/**
 * What a settings change reads beyond the settings: the provider URL's check, the holders'
 * endpoint's (holder-rpc.ts, with the hosts this server answers at), the new mint, the stakes still
 * owed, the owners without a passkey, how many owners there are.
 */
export type SettingsChangeDeps = {
  rpc: Pick<RpcUpstream, 'refuseProviderUrl'>;
  refuseHolderRpcUrl: (url: string) => CodedMessage | undefined;
  chain: Pick<PayoutChain, 'mint'>;
  liveStakes: LiveStakes;
  ownersWithoutPasskey: OwnersWithoutPasskey;
  ownerCount: OwnerCount;
};

/** What a save did: the settings as they are now, and the request for what waits for another owner (DESIGN 17), if any. */
export type SettingsSaved = { settings: Settings; changeRequest: ChangeRequest | null };

/**
 * walletChangeDelayHours 0 (an approved wallet change at once) only while one owner runs the platform.
 * (A 0 saved before a second owner came is not used then: the default is waited instead, walletChangeDelayFor.)
 */
function refuseZeroDelay(changes: Partial<Settings>, stored: Settings, owners: number): void {
  const hours = changes.walletChangeDelayHours;
  if (hours === undefined || hours === stored.walletChangeDelayHours || walletChangeDelayAllowed(hours, owners)) return;
  throw badRequest(msg('walletChangeDelayZero'), { walletChangeDelayHours: msg('walletChangeDelayZero') });
}

export async function updateSettings(
  db: Sequelize,
  input: SettingsInput,
  actor: Actor,
  { rpc, refuseHolderRpcUrl, chain, liveStakes, ownersWithoutPasskey, ownerCount }: SettingsChangeDeps,
  stepUp: StepUp,
): Promise<SettingsSaved> {
  // Read first without a lock: a new mint is read and the password checked (slowly) before the row is locked.
  const peek = await settingsTable(db).findByPk(1);
  if (!peek) throw unavailable(msg('serviceUnavailable'));
  const peekChanges = changesFrom(input, peek);
  // Refused before any step-up is asked for: confirming a change that cannot be saved is no use
  // (a holders' endpoint the rule refuses; a token contract that is no mint, or a mint that cannot be staked).
  const holderRpcUrl = peekChanges.holderRpcUrl;
  const holderRpcRefusal = holderRpcUrl && holderRpcUrl !== peek.holderRpcUrl ? refuseHolderRpcUrl(holderRpcUrl) : undefined;
  if (holderRpcRefusal) throw badRequest(holderRpcRefusal, { holderRpcUrl: holderRpcRefusal });
  const newContract = peekChanges.tokenContract;
  const newMint = newContract && newContract !== peek.tokenContract ? await readNewMint(chain, newContract) : undefined;
  const confirm = securityChangesOf(peekChanges, peek).length > 0 ? await stepUp() : undefined;
  return db.transaction(async (transaction) => {
    const settings = await settingsTable(db).findByPk(1, { transaction, lock: transaction.LOCK.UPDATE });
    if (!settings) throw unavailable(msg('serviceUnavailable'));
    const before = settings.toJSON();
    const changes = changesFrom(input, settings);
    const securityChanges = securityChangesOf(changes, settings);
    if (securityChanges.length > 0) {
      // Changed by someone else since the read: this save now changes a protected field.
      if (!confirm) throw stepUpRequired();
      await confirm(transaction);
    }
    if (changes.requirePasskeysForOwners === true && !settings.requirePasskeysForOwners) {
      await requireOwnersWithPasskeys(ownersWithoutPasskey, transaction);
    }
    const owners = await ownerCount(db, transaction);
    refuseZeroDelay(changes, settings, owners);
    let mintProfile: ReturnType<typeof storedMintProfile> | undefined;
    if (changes.tokenContract !== undefined && changes.tokenContract !== settings.tokenContract) {
      await requireNoLiveStakes(liveStakes, transaction);
      // Saved by someone else between the read and the lock: read it again rather than save it unread.
      const mint = newMint && changes.tokenContract === newContract ? newMint : await readNewMint(chain, changes.tokenContract);
      mintProfile = storedMintProfile(mint);
    }
    // Only a new URL is resolved: saving other fields must not depend on DNS.
    if (changes.heliusRpcUrl) {
      const refusal = await rpc.refuseProviderUrl(changes.heliusRpcUrl);
      if (refusal) throw badRequest(refusal, { heliusRpcUrl: refusal });
    }
    // With one owner everything takes effect now, as it always did.
    const { now, guarded } = owners >= OWNERS_FOR_APPROVALS ? splitForApproval(changes, settings) : { now: changes, guarded: [] };
    const mintWaits = guarded.some((change) => change.field === 'tokenContract');
    // What the request asks is announced with it (approvals/): here what is made now.
    const madeNow = securityChangesOf(now, settings);
    await settings.update({ ...now, ...(mintProfile && !mintWaits && mintProfile) }, { transaction });
    await recordAudit(db, transaction, actor, {
      action: 'settings.update',
      entityType: 'settings',
      entityId: 1,
      before,
      after: settings.toJSON(),
    });
    await announceSecurityChanges(db, transaction, actor, madeNow);
    const changeRequest =
      guarded.length === 0
        ? null
        : await requestChange(db, transaction, actor, {
            kind: 'settings',
            target: null,
            changes: guarded,
            effects: mintWaits ? mintProfile : undefined,
          });
    return { settings, changeRequest };
  });
}
