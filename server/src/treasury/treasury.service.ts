import { stakingDestination } from '@stakedesk/shared/staking-open';
import type { Sequelize } from 'sequelize';
import type { TreasuryCoverage } from '@stakedesk/shared/api-types';
import { english, msg, type CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import { coveragePercent, isCovered } from '@stakedesk/shared/treasury';
import { ChainUnavailableError, type Chain } from '../chain/chain-verifier.js';
import { Cached } from '../cache/cached.js';
import type { Logger } from '../logger.js';
import type { Settings } from '../settings/settings.model.js';
import { loadSettings } from '../settings/settings.service.js';
import { readLiabilities } from './liabilities.js';

/** Long enough that a panel refreshing often costs one query and one RPC call, short enough to feel live. */
const TREASURY_CACHE_MS = 5_000;

type Balance =
  | { balance: string; balanceUnavailable: null; balanceUnavailableReason: null }
  | { balance: null; balanceUnavailable: string; balanceUnavailableReason: CodedMessage };

const unknownBalance = (reason: CodedMessage): Balance => ({
  balance: null,
  balanceUnavailable: english(reason),
  balanceUnavailableReason: reason,
});

async function readBalance(chain: Chain, logger: Logger, settings: Settings): Promise<Balance> {
  const destination = stakingDestination(settings);
  if (!destination) return unknownBalance(msg('stakingNotConfigured'));
  try {
    const balance = await chain.tokenBalance(destination.mint, destination.stakingWallet);
    return { balance, balanceUnavailable: null, balanceUnavailableReason: null };
  } catch (error) {
    if (!(error instanceof ChainUnavailableError)) logger.error({ err: error }, 'treasury balance read failed');
    return unknownBalance(error instanceof ChainUnavailableError ? error.reason : msg('chainUnavailable'));
  }
}

async function computeCoverage(sequelize: Sequelize, chain: Chain, logger: Logger): Promise<TreasuryCoverage> {
  const settings = await loadSettings();
  const [owed, held] = await Promise.all([
    readLiabilities(sequelize, settings.tokenContract, settings.stakingWallet),
    readBalance(chain, logger, settings),
  ]);
  const total = owed.liabilities.total;
  return {
    ...held,
    ...owed,
    coveragePercent: held.balance === null ? null : coveragePercent(held.balance, total),
    covered: held.balance === null ? null : isCovered(held.balance, total),
    checkedAt: new Date().toISOString(),
  };
}

/** Coverage, shared by every request within `cacheMs` (requests arriving together share one computation; a failure is not kept). */
export function treasuryCoverage(
  sequelize: Sequelize,
  chain: Chain,
  logger: Logger,
  cacheMs = TREASURY_CACHE_MS,
): () => Promise<TreasuryCoverage> {
  const cache = new Cached(
    () => computeCoverage(sequelize, chain, logger),
    () => cacheMs,
  );
  return () => cache.get();
}
