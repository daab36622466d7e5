import type { Sequelize } from 'sequelize';
import type { AdminSettings, PendingChange, PublicSettings } from '@stakedesk/shared/api-types';
import { isTimeLocked } from '@stakedesk/shared/change-requests';
import type { SolanaCluster } from '@stakedesk/shared/format';
import { normalizeDecimal } from '@stakedesk/shared/decimal';
import { CLUSTER_PUBLIC_RPC, holderRpcEndpoint } from '@stakedesk/shared/holder-rpc';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import { scheduledChanges } from '../approvals/index.js';
import { recordAudit, SYSTEM_ACTOR } from '../audit/index.js';
import { cachesOf } from '../cache/caches.js';
import type { Cached } from '../cache/cached.js';
import { keptWithDatabase } from '../db/kept-with-database.js';
import type { MintState } from '../chain/chain.js';
import { unavailable } from '../errors.js';
import { maskRpcUrl, maskSecret } from '../url-secrets.js';
import { settingsTable, type Settings } from './settings.model.js';

/** The settings row, and the approved staking wallet or mint change coming, with when the first one falls due. */
export type SettingsRead = { settings: Settings; pendingChange: PendingChange | null; dueAt: number | null };

/** The staking wallet or mint change holders are told of: the first one to take effect. */
function pendingChangeOf(scheduled: Awaited<ReturnType<typeof scheduledChanges>>): PendingChange | null {
  for (const request of scheduled) {
    const change = request.changes.find((candidate) => isTimeLocked(candidate.field));
    if (change && typeof change.to === 'string' && request.effectiveAt)
      return {
        field: change.field as PendingChange['field'],
        value: change.to,
        effectiveAt: request.effectiveAt.toISOString(),
        changeRequestId: request.id,
      };
  }
  return null;
}

/**
 * One server's read of the settings: from memory while current (cache/caches.ts), and what makes
 * approved changes whose time has come take effect (approvals' applyDueChanges, handed over by app.ts).
 */
type SettingsReader = { cache: Cached<SettingsRead>; takeDueChanges?: () => Promise<void> };

const settingsReaderOf = keptWithDatabase((database): SettingsReader => ({
  // A change request's every step is audited as a change_request: it drops this cache like a settings change.
  cache: cachesOf(database).adminChangedCache(['settings', 'change_request'], async (): Promise<SettingsRead> => {
    const [settings, scheduled] = await Promise.all([settingsTable(database).findByPk(1), scheduledChanges(database)]);
    if (!settings) throw unavailable(msg('serviceUnavailable'));
    const dueAt = scheduled.length > 0 ? Math.min(...scheduled.map((request) => request.effectiveAt!.getTime())) : null;
    return { settings, pendingChange: pendingChangeOf(scheduled), dueAt };
  }),
}));

/**
 * Hands over how a read of the settings makes a change take effect once its time has come, so no
 * read after effectiveAt sees the old wallet even when the job has not run yet (DESIGN 17).
 */
export function takeDueChangesWhenRead(db: Sequelize, take: () => Promise<void>): void {
  settingsReaderOf(db).takeDueChanges = take;
}

/**
 * The settings and the coming change, from memory while they are current (cache/caches.ts). A
 * change whose time has come takes effect first (once: the change request's row lock). Callers only
 * read them: the same objects are shared by every request until an admin changes something.
 */
export async function readSettings(db: Sequelize): Promise<SettingsRead> {
  const { cache, takeDueChanges } = settingsReaderOf(db);
  const read = await cache.get();
  if (read.dueAt === null || read.dueAt > Date.now() || !takeDueChanges) return read;
  await takeDueChanges();
  cache.invalidate();
  return cache.get();
}

/** The settings row in force (DESIGN 17: an approved wallet or mint change only from its effectiveAt on). */
export async function loadSettings(db: Sequelize): Promise<Settings> {
  return (await readSettings(db)).settings;
}

/** What holders and admins both read of the settings. */
function sharedFields(s: Settings, cluster: SolanaCluster): Omit<PublicSettings, 'pendingChange'> {
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

export function toPublicSettings(
  { settings, pendingChange }: Pick<SettingsRead, 'settings' | 'pendingChange'>,
  cluster: SolanaCluster,
): PublicSettings {
  return { ...sharedFields(settings, cluster), pendingChange };
}

export function toAdminSettings(s: Settings, cluster: SolanaCluster): AdminSettings {
  return {
    ...sharedFields(s, cluster),
    requireTwoFactor: s.requireTwoFactor,
    requirePasskeysForOwners: s.requirePasskeysForOwners,
    heliusApiKey: maskSecret(s.heliusApiKey),
    heliusRpcUrl: maskRpcUrl(s.heliusRpcUrl),
    holderRpcUrl: s.holderRpcUrl,
    tokenExtensions: s.tokenExtensions,
    mintWarnings: s.tokenFreezeAuthority ? [msg('mintFreezeAuthority', { authority: s.tokenFreezeAuthority })] : [],
    autoPayout: s.autoPayout,
    approvalThreshold: storedThreshold(s),
    walletChangeDelayHours: s.walletChangeDelayHours,
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
export async function keepMintProfileCurrent(db: Sequelize, address: string, mint: MintState): Promise<void> {
  const read = storedMintProfile(mint);
  const settings = await loadSettings(db);
  if (settings.tokenContract !== address || profileKey(settings) === profileKey(read)) return;
  await db.transaction(async (transaction) => {
    const row = await settingsTable(db).findByPk(1, { transaction, lock: transaction.LOCK.UPDATE });
    if (!row || row.tokenContract !== address || profileKey(row) === profileKey(read)) return;
    const before = row.toJSON();
    await row.update(read, { transaction });
    await recordAudit(db, transaction, SYSTEM_ACTOR, {
      action: 'settings.mint_read',
      entityType: 'settings',
      entityId: 1,
      before,
      after: row.toJSON(),
    });
  });
}
