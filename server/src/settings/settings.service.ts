import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { AdminSettings, PublicSettings, SecurityChange } from '@stakedesk/shared/api-types';
import { policyChangeNeedsStepUp } from '@stakedesk/shared/auto-payout';
import type { SolanaCluster } from '@stakedesk/shared/format';
import { normalizeDecimal } from '@stakedesk/shared/decimal';
import { DEFAULT_MAINTENANCE_MESSAGE, DEFAULT_MAINTENANCE_TIME } from '@stakedesk/shared/constants';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import type { SettingsInput } from '@stakedesk/shared/schemas';
import { stepUpRequired, type StepUp } from '../admins/step-up-contract.js';
import { recordAudit, SYSTEM_ACTOR, type Actor } from '../audit/audit.js';
import { adminChangedCache } from '../cache/caches.js';
import { ChainUnavailableError, type MintState, type PayoutChain } from '../chain/chain.js';
import { mintRefusal } from '../chain/mint-profile.js';
import type { RpcUpstream } from '../chain/rpc-upstream.js';
import { announceSecurityChanges } from '../alerts/announce-security-changes.js';
import { badRequest, conflict, unavailable } from '../http/errors.js';
import { maskRpcUrl, maskSecret } from './secrets.js';
import { STAKE_LIVE_SQL } from '../stakes/stake-rules-sql.js';
import { Settings } from './settings.model.js';

const settingsCache = adminChangedCache(['settings'], async () => {
  const settings = await Settings.findByPk(1);
  if (!settings) throw unavailable(msg('serviceUnavailable'));
  return settings;
});

/**
 * The settings row, from memory while it is current (cache/caches.ts). Callers only read it: the
 * same object is shared by every request until an admin changes the settings.
 */
export function loadSettings(): Promise<Settings> {
  return settingsCache.get();
}

export function toPublicSettings(s: Settings, cluster: SolanaCluster): PublicSettings {
  return {
    tokenName: s.tokenName,
    tokenSymbol: s.tokenSymbol,
    tokenContract: s.tokenContract,
    tokenLogo: s.tokenLogo,
    stakingWallet: s.stakingWallet,
    supportEmail: s.supportEmail,
    supportWhatsapp: s.supportWhatsapp,
    supportTelegram: s.supportTelegram,
    maintenanceMode: s.maintenanceMode,
    maintenanceMessage: s.maintenanceMessage,
    maintenanceType: s.maintenanceType,
    maintenanceEstimatedTime: s.maintenanceEstimatedTime,
    socialLinks: s.socialLinks,
    statsOffsetStaked: normalizeDecimal(s.statsOffsetStaked),
    statsOffsetStakers: s.statsOffsetStakers,
    solanaCluster: cluster,
    tokenProgram: s.tokenProgram,
    tokenDecimals: s.tokenDecimals,
    transferFee: s.transferFee,
  };
}

export function toAdminSettings(s: Settings, cluster: SolanaCluster): AdminSettings {
  return {
    ...toPublicSettings(s, cluster),
    requireTwoFactor: s.requireTwoFactor,
    heliusApiKey: maskSecret(s.heliusApiKey),
    heliusRpcUrl: maskRpcUrl(s.heliusRpcUrl),
    tokenExtensions: s.tokenExtensions,
    autoPayout: s.autoPayout,
  };
}

/** The mint's profile as the settings row keeps it. */
export function storedMintProfile(mint: MintState): Pick<Settings, 'tokenProgram' | 'tokenDecimals' | 'tokenExtensions' | 'transferFee'> {
  const fee = mint.transferFee;
  return {
    tokenProgram: mint.programId,
    tokenDecimals: mint.decimals,
    tokenExtensions: mint.extensions,
    transferFee: fee && { basisPoints: fee.basisPoints, maximumFee: fee.maximumFee.toString() },
  };
}

const profileKey = (profile: ReturnType<typeof storedMintProfile>) =>
  JSON.stringify([profile.tokenProgram, profile.tokenDecimals, profile.tokenExtensions, profile.transferFee]);

/**
 * The configured mint as a deposit just read it, kept in the settings when they say otherwise (a
 * contract saved before migration 014, or a transfer fee the mint's authority changed since), so
 * the stake dialog shows the fee in force. Audited as the system's, which drops every instance's copy.
 */
export async function keepMintProfileCurrent(sequelize: Sequelize, address: string, mint: MintState): Promise<void> {
  const read = storedMintProfile(mint);
  const settings = await loadSettings();
  if (settings.tokenContract !== address || profileKey(settings) === profileKey(read)) return;
  await sequelize.transaction(async (transaction) => {
    const row = await Settings.findByPk(1, { transaction, lock: transaction.LOCK.UPDATE });
    if (!row || row.tokenContract !== address || profileKey(row) === profileKey(read)) return;
    const before = row.toJSON();
    await row.update(read, { transaction });
    await recordAudit(transaction, SYSTEM_ACTOR, {
      action: 'settings.mint_read',
      entityType: 'settings',
      entityId: 1,
      before,
      after: row.toJSON(),
    });
  });
}

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
    currentPassword: _p,
    code: _c,
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
  return changes as Partial<Settings>;
}

/**
 * The changes that redirect money or power: they need a step-up and are announced.
 * A field sent back as it is stored is no change (the panel sends the whole form).
 */
function securityChangesOf(changes: Partial<Settings>, stored: Settings): SecurityChange[] {
  const changed = (key: 'stakingWallet' | 'tokenContract' | 'heliusRpcUrl' | 'heliusApiKey') =>
    changes[key] !== undefined && changes[key] !== stored[key];
  const list: SecurityChange[] = [];
  if (changed('stakingWallet')) list.push('settings.stakingWallet');
  if (changed('tokenContract')) list.push('settings.tokenContract');
  if (changed('heliusRpcUrl') || changed('heliusApiKey')) list.push('settings.rpcProvider');
  if (stored.requireTwoFactor && changes.requireTwoFactor === false) list.push('settings.requireTwoFactorOff');
  if (changes.autoPayout && policyChangeNeedsStepUp(stored.autoPayout, changes.autoPayout)) list.push('settings.autoPayout');
  return list;
}

/**
 * A stake is owed in the mint it was deposited in, so the mint may change only when nothing is
 * owed. Deposits hold the settings row FOR SHARE while they record, so one in flight is waited
 * for and then seen here.
 */
async function requireNoLiveStakes(transaction: Transaction): Promise<void> {
  const [live] = await Settings.sequelize!.query(`SELECT 1 FROM stakes WHERE ${STAKE_LIVE_SQL} LIMIT 1`, {
    type: QueryTypes.SELECT,
    transaction,
  });
  if (live) throw conflict(msg('tokenContractLocked'), undefined, { tokenContract: msg('tokenContractLocked') });
}

export async function updateSettings(
  sequelize: Sequelize,
  input: SettingsInput,
  actor: Actor,
  rpc: Pick<RpcUpstream, 'refuseProviderUrl'>,
  chain: Pick<PayoutChain, 'mint'>,
  stepUp: StepUp,
): Promise<Settings> {
  // Read first without a lock: the password is checked (slowly), and a new mint read, before the row is locked.
  const peek = await Settings.findByPk(1);
  if (!peek) throw unavailable(msg('serviceUnavailable'));
  const peekChanges = changesFrom(input, peek);
  const confirm = securityChangesOf(peekChanges, peek).length > 0 ? await stepUp() : undefined;
  const newContract = peekChanges.tokenContract;
  const newMint = newContract && newContract !== peek.tokenContract ? await readNewMint(chain, newContract) : undefined;
  return sequelize.transaction(async (transaction) => {
    const settings = await Settings.findByPk(1, { transaction, lock: transaction.LOCK.UPDATE });
    if (!settings) throw unavailable(msg('serviceUnavailable'));
    const before = settings.toJSON();
    const changes = changesFrom(input, settings);
    const securityChanges = securityChangesOf(changes, settings);
    if (securityChanges.length > 0) {
      // Changed by someone else since the read: this save now changes a protected field.
      if (!confirm) throw stepUpRequired();
      await confirm(transaction);
    }
    if (changes.tokenContract !== undefined && changes.tokenContract !== settings.tokenContract) {
      await requireNoLiveStakes(transaction);
      // Saved by someone else between the read and the lock: read it again rather than save it unread.
      const mint = newMint && changes.tokenContract === newContract ? newMint : await readNewMint(chain, changes.tokenContract);
      Object.assign(changes, storedMintProfile(mint));
    }
    // Only a new URL is resolved: saving other fields must not depend on DNS.
    if (changes.heliusRpcUrl) {
      const refusal = await rpc.refuseProviderUrl(changes.heliusRpcUrl);
      if (refusal) throw badRequest(refusal, { heliusRpcUrl: refusal });
    }
    await settings.update(changes, { transaction });
    await recordAudit(transaction, actor, {
      action: 'settings.update',
      entityType: 'settings',
      entityId: 1,
      before,
      after: settings.toJSON(),
    });
    await announceSecurityChanges(sequelize, transaction, actor, securityChanges);
    return settings;
  });
}
