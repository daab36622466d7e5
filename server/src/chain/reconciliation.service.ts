import { QueryTypes, type Sequelize } from 'sequelize';
import { loadSettings } from '../settings/settings.service.js';
import type { Chain } from './chain-verifier.js';

/**
 * Successful incoming transfers of the mint to the staking wallet, among its latest `limit`
 * transactions, that no stake or payout records: a holder whose browser closed between sending and
 * recording shows up here. Nothing configured yet: nothing to reconcile.
 */
export async function unrecordedDeposits(sequelize: Sequelize, chain: Chain, limit: number) {
  const settings = await loadSettings();
  if (!settings.tokenContract || !settings.stakingWallet) return [];
  const recorded = async (txIds: string[]) => {
    if (txIds.length === 0) return new Set<string>();
    const rows = await sequelize.query<{ tx_id: string }>('SELECT tx_id FROM used_transactions WHERE tx_id IN (:txIds)', {
      replacements: { txIds },
      type: QueryTypes.SELECT,
    });
    return new Set(rows.map((row) => row.tx_id));
  };
  return chain.unrecordedDeposits(settings.tokenContract, settings.stakingWallet, limit, recorded);
}
