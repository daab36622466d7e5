import type { Sequelize } from 'sequelize';
import type { AdminSettings, PublicSettings } from '@stakedesk/shared/api-types';
import type { SolanaCluster } from '@stakedesk/shared/format';
import { normalizeDecimal } from '@stakedesk/shared/decimal';
import { CLUSTER_PUBLIC_RPC, holderRpcEndpoint } from '@stakedesk/shared/holder-rpc';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import { recordAudit, SYSTEM_ACTOR } from '../audit/index.js';
import { adminChangedCache } from '../cache/caches.js';
import type { MintState } from '../chain/chain.js';
import { unavailable } from '../errors.js';
import { maskRpcUrl, maskSecret } from '../url-secrets.js';
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
    holderRpcUrl: holderRpcEndpoint(s.holderRpcUrl, cluster),
  };
}

/** settings approvalThreshold as the API shows it: whole tokens, '' for none. */
export const storedThreshold = (s: Pick<Settings, 'approvalThreshold'>): string =>
  s.approvalThreshold === null ? '' : normalizeDecimal(s.approvalThreshold);

export function toAdminSettings(s: Settings, cluster: SolanaCluster): AdminSettings {
  return {
    ...toPublicSettings(s, cluster),
    requireTwoFactor: s.requireTwoFactor,
    requirePasskeysForOwners: s.requirePasskeysForOwners,
    heliusApiKey: maskSecret(s.heliusApiKey),
    heliusRpcUrl: maskRpcUrl(s.heliusRpcUrl),
    holderRpcUrl: s.holderRpcUrl,
    tokenExtensions: s.tokenExtensions,
    mintWarnings: s.tokenFreezeAuthority ? [msg('mintFreezeAuthority', { authority: s.tokenFreezeAuthority })] : [],
    autoPayout: s.autoPayout,
    approvalThreshold: storedThreshold(s),
  };
}

/**
 * The origins a holder's page may read the chain from for the proof of reserves (DESIGN 15): the
 * holders' endpoint, and the cluster's public one the page falls back to (web holder-endpoint.ts).
 * Its Content-Security-Policy names them, and no other.
 */
export function holderChainOrigins(s: Pick<Settings, 'holderRpcUrl'>, cluster: SolanaCluster): string[] {
  return [...new Set([holderRpcEndpoint(s.holderRpcUrl, cluster), CLUSTER_PUBLIC_RPC[cluster]].map((url) => new URL(url).origin))];
}

/** The mint's profile as the settings row keeps it. */
export function storedMintProfile(
  mint: MintState,
): Pick<Settings, 'tokenProgram' | 'tokenDecimals' | 'tokenExtensions' | 'transferFee' | 'tokenFreezeAuthority'> {
  const fee = mint.transferFee;
  return {
    tokenProgram: mint.programId,
    tokenDecimals: mint.decimals,
    tokenExtensions: mint.extensions,
    transferFee: fee && { basisPoints: fee.basisPoints, maximumFee: fee.maximumFee.toString() },
    tokenFreezeAuthority: mint.freezeAuthority,
  };
}

const profileKey = (profile: ReturnType<typeof storedMintProfile>) =>
  JSON.stringify([profile.tokenProgram, profile.tokenDecimals, profile.tokenExtensions, profile.transferFee, profile.tokenFreezeAuthority]);

/**
 * The configured mint as a deposit just read it, kept in the settings when they say otherwise (a
 * contract saved before migration 014 or 028, a transfer fee or freeze authority the mint's
 * authority changed since), so the stake dialog shows the fee in force and Token Config the
 * freeze authority's warning. Audited as the system's, which drops every instance's copy.
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
    await recordAudit(sequelize, transaction, SYSTEM_ACTOR, {
      action: 'settings.mint_read',
      entityType: 'settings',
      entityId: 1,
      before,
      after: row.toJSON(),
    });
  });
}
