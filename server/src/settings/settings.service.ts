import type { Sequelize } from 'sequelize';
import type { AdminSettings, PublicSettings } from '@stakedesk/shared/api-types';
import type { SolanaCluster } from '@stakedesk/shared/format';
import { normalizeDecimal } from '@stakedesk/shared/decimal';
import type { SettingsInput } from '@stakedesk/shared/schemas';
import { recordAudit, type Actor } from '../audit/audit.js';
import { unavailable } from '../http/errors.js';
import { Settings } from './settings.model.js';

export async function loadSettings(): Promise<Settings> {
  const settings = await Settings.findByPk(1);
  if (!settings) throw unavailable('Settings are missing: the database has not been seeded');
  return settings;
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
  };
}

/** Shows only enough of the provider key to recognise it. */
export function maskSecret(secret: string): string {
  if (!secret) return '';
  return secret.length <= 8 ? '•'.repeat(secret.length) : `${secret.slice(0, 4)}${'•'.repeat(8)}${secret.slice(-4)}`;
}

export function toAdminSettings(s: Settings, cluster: SolanaCluster): AdminSettings {
  return { ...toPublicSettings(s, cluster), heliusApiKey: maskSecret(s.heliusApiKey), heliusRpcUrl: s.heliusRpcUrl };
}

export async function updateSettings(sequelize: Sequelize, input: SettingsInput, actor: Actor): Promise<Settings> {
  return sequelize.transaction(async (transaction) => {
    const settings = await Settings.findByPk(1, { transaction, lock: transaction.LOCK.UPDATE });
    if (!settings) throw unavailable('Settings are missing: the database has not been seeded');
    const before = settings.toJSON();
    const { heliusApiKey, ...rest } = input;
    settings.set({
      ...rest,
      tokenLogo: input.tokenLogo || null,
      // A blank key keeps the stored one: the panel never receives it, so it cannot send it back.
      ...(heliusApiKey ? { heliusApiKey } : {}),
    });
    await settings.save({ transaction });
    await recordAudit(transaction, actor, { action: 'settings.update', entityType: 'settings', entityId: 1, before, after: settings.toJSON() });
    return settings;
  });
}
