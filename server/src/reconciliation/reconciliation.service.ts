import type { Sequelize } from 'sequelize';
import { requireStakingConfigured, usedTxIds } from '../stakes/index.js';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import { unavailable } from '../errors.js';
import { ChainUnavailableError, type Chain } from '../chain/chain.js';
import { loadSettings } from '../settings/index.js';

/**
 * Successful incoming transfers of the mint to the staking wallet, among its latest `limit`
 * transactions, that no stake or payout records: a holder whose browser closed between sending and
 * recording shows up here. An empty list always means every deposit is recorded: nothing configured
 * yet is 503 stakingNotConfigured (as a deposit gets), an unreachable chain 503 notReconciledRetry.
 */
export async function unrecordedDeposits(db: Sequelize, chain: Chain, limit: number) {
  const { mint, stakingWallet } = requireStakingConfigured(await loadSettings(db));
  const recorded = (txIds: string[]) => usedTxIds(db, txIds);
  try {
    return await chain.unrecordedDeposits(mint, stakingWallet, limit, recorded);
  } catch (error) {
    if (error instanceof ChainUnavailableError) throw unavailable(msg('notReconciledRetry', { reason: error.reason }), { retryable: true });
    throw error;
  }
}
